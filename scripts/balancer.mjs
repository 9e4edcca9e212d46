// `node scripts/balancer.mjs --port P --upstreams 127.0.0.1:A,127.0.0.1:B`: a round-robin HTTP load
// balancer for measuring N servers on one machine (scripts/bench-cluster.mjs). Each request goes
// to the next server in turn over a kept-alive connection; the client's address goes on in
// X-Forwarded-For, as nginx or a cloud balancer would send it. Not for production: a real
// balancer (nginx, HAProxy, the cloud's) does the same in less CPU.
import http from 'node:http';
import { option } from './bench-support.mjs';

const port = Number(option('port', '8080'));
const upstreams = option('upstreams', '')
  .split(',')
  .filter(Boolean)
  .map((hostPort) => {
    const [host, p] = hostPort.split(':');
    return { host, port: Number(p), agent: new http.Agent({ keepAlive: true, maxSockets: 64 }) };
  });
if (!upstreams.length) throw new Error('Informe --upstreams host:porta[,host:porta…]');

let next = 0;
const server = http.createServer((req, res) => {
  const upstream = upstreams[next];
  next = (next + 1) % upstreams.length;
  const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
  const proxied = http.request(
    {
      host: upstream.host,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, 'x-forwarded-for': forwarded },
      agent: upstream.agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  proxied.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Servidor de aplicação indisponível');
  });
  req.pipe(proxied);
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => console.log(`balanceador em http://127.0.0.1:${port} → ${upstreams.length} servidor(es)`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
