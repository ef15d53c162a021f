// The yardstick of bench/realtime.mjs: a raw node:http server that answers the same two requests the
// benchmark makes of the app, with no framework, database or session behind them. `GET
// /api/v1/events` holds an event stream per session cookie; `POST /api/v1/conversations/:id/messages`
// writes the message to both participants' streams and answers 201. The benchmark's client, its 5,000
// sockets and the machine cost the same here as against the app, so the difference is the app's.
// Run by the benchmark as a child process; it sends { tokens: {token: userId}, conversations:
// {id: [userId, userId]} } over IPC and gets { port } back.
import { randomUUID } from 'node:crypto';
import http from 'node:http';

const { tokens, conversations } = await new Promise((resolve) => process.once('message', resolve));
const streamsOf = new Map(); // user id -> open responses
const userOf = (req) => tokens[/tn_session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1]];

const server = http.createServer((req, res) => {
  const userId = userOf(req);
  if (!userId) {
    res.writeHead(401).end();
    return;
  }
  if (req.method === 'GET' && req.url === '/api/v1/events') {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    res.write('retry: 3000\n\nevent: ready\ndata: {}\n\n');
    const set = streamsOf.get(userId) ?? new Set();
    streamsOf.set(userId, set);
    set.add(res);
    res.on('close', () => set.delete(res));
    return;
  }
  const id = /^\/api\/v1\/conversations\/([^/]+)\/messages$/.exec(req.url ?? '')?.[1];
  if (req.method !== 'POST' || !id || !conversations[id]) {
    res.writeHead(404).end();
    return;
  }
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    const message = {
      id: randomUUID(),
      conversationId: id,
      senderId: userId,
      content: JSON.parse(body).content,
      read: false,
      createdAt: new Date().toISOString(),
    };
    for (const participant of conversations[id]) {
      const data = JSON.stringify({ message: { ...message, mine: participant === userId } });
      for (const s of streamsOf.get(participant) ?? []) s.write(`event: message\ndata: ${data}\n\n`);
    }
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ message }));
  });
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('disconnect', () => process.exit(0));
