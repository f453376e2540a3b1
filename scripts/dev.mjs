// `npm run dev`: the API with reload on change, and Vite with hot module replacement proxying API calls to it.
import { spawn } from 'node:child_process';
import { ensureDependencies, root } from './lib/prepare.mjs';

ensureDependencies();
const apiPort = process.env.PORT ?? '3000';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
  }),
  spawn('npx', ['vite', '--port', '5173', '--strictPort'], {
    cwd: `${root}/apps/web`,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
console.log('\n  Web (hot reload): http://localhost:5173   API: http://localhost:' + apiPort + '\n');
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
