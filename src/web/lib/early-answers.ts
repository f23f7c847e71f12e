/**
 * Answers the opening page reads first, asked for by the entry chunk as the app starts, beside the page's code and the
 * session check instead of after both (decision 076). Each goes to the first GET of its address through `apiFetch`
 * and is then forgotten. Only a 2xx answer is handed over: anything else is asked for again by the page itself, so a
 * stale session's 401 never reaches it. What is not used within half a minute, or when the session ends or changes,
 * is dropped, so no answer outlives the session that fetched it.
 */
const KEEP_MS = 30_000;

const answers = new Map<string, { response: Promise<Response | null>; until: number }>();

/** Starts a same-origin GET for each path (as the typed client writes it: `/api/…`, query included). */
export function askEarly(paths: readonly string[]): void {
  const until = Date.now() + KEEP_MS;
  for (const path of paths) {
    // No headers of its own: a plain same-origin GET is what the server's preload of the page fetched, so the
    // browser answers it from there.
    const response = fetch(path, { credentials: 'same-origin' }).then(
      (answer) => (answer.ok ? answer : null),
      () => null,
    );
    answers.set(path, { response, until });
  }
}

/** The early answer for `path`, once; null when it failed or was not a 2xx, undefined when none was asked for. */
export function takeEarlyAnswer(path: string): Promise<Response | null> | undefined {
  const answer = answers.get(path);
  if (!answer) return undefined;
  answers.delete(path);
  return answer.until > Date.now() ? answer.response : undefined;
}

/** Drops every answer not yet taken: the session they were fetched with is over. */
export function forgetEarlyAnswers(): void {
  answers.clear();
}
