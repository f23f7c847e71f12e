// Node 24's V8 can free a WebAssembly import wrapper twice when threads that ran the same module come and go, and
// aborts the whole process ("Check failed: jit_page_->allocations_.erase(addr) == 1"). Every embedded database and
// OCR worker is such a thread; without the garbage collection of WebAssembly code there is no second free (decision
// 081). `npm start` and `npm run dev` pass the same flag in package.json.
/** The Node flags every process running the server, or tests of it, starts with. */
export const NODE_FLAGS = ['--no-wasm-code-gc'];
