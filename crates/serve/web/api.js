// The server's API as the pages use it: JSON requests that throw the
// server's short message on a refusal, and streams of server-sent events
// read from a POST (so a stream carries a whole game in its body), which
// end when the page aborts them.

/** This page's name for the server: one search at a time per page. */
export const page = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2))
  .replace(/[^A-Za-z0-9-]/g, '').slice(0, 64);

/** An error the server answered, with its status. */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function check(response) {
  if (response.ok) return response;
  let message = response.statusText;
  try {
    message = (await response.json()).error || message;
  } catch (_) { /* not JSON: keep the status text */ }
  throw new ApiError(response.status, message);
}

/** GET a JSON answer. */
export async function getJSON(url) {
  return (await check(await fetch(url))).json();
}

/** POST `body` as JSON; the answer as JSON, or as text if `text`. */
export async function post(url, body, { text = false, signal } = {}) {
  const response = await check(await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  }));
  return text ? response.text() : response.json();
}

/**
 * POST `body` and read the answer as server-sent events, calling
 * `onEvent(name, data)` for each until the stream ends or `signal`
 * aborts it. Resolves when it ends; an abort resolves quietly.
 */
export async function stream(url, body, onEvent, signal) {
  let response;
  try {
    response = await check(await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    }));
  } catch (e) {
    if (e.name === 'AbortError') return;
    throw e;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let name = 'message';
        const data = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) name = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
        }
        if (data.length) onEvent(name, JSON.parse(data.join('\n')));
      }
    }
  } catch (e) {
    if (e.name !== 'AbortError') throw e;
  }
}
