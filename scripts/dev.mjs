#!/usr/bin/env node
// `npm run dev`: the API in watch mode on :3000 and Vite on :5173 proxying /api to it.
import { spawn } from 'node:child_process';

const env = { ...process.env, ALLOWED_ORIGINS: process.env.ALLOWED_ORIGINS ?? 'http://localhost:5173' };
const children = [
  spawn('npm', ['run', 'dev', '-w', 'server'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', 'client'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  });
