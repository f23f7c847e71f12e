// Runs before the first paint so a dark-mode user never sees a white flash. A file rather than an inline script,
// because the Content-Security-Policy allows only same-origin scripts; built as a hashed asset (decision 090). Keep
// in step with lib/theme-resolve.ts.
(function () {
  try {
    var stored = localStorage.getItem('kvitt-theme');
    var dark = stored === 'dark' || (stored !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
    var root = document.documentElement;
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
  } catch (_) {
    // Storage blocked: the React provider still applies the system theme a moment later.
  }
})();
