import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

import { WORKLET_PATHS } from './src/features/talk/api/worklet-paths';

const SOURCES: Record<keyof typeof WORKLET_PATHS, string> = {
  rawAudioProcessor: 'rawAudioProcessor.generated.js',
  audioConcatProcessor: 'audioConcatProcessor.generated.js',
};

/**
 * ElevenLabs' browser client inlines its two audio worklets and loads them from blob: URLs, which
 * our Content-Security-Policy (script-src 'self') refuses. This serves the same source as files of
 * our own origin instead (the client's `workletPaths` option), taken from the installed package.
 */
export function elevenLabsWorklets(): Plugin {
  const require = createRequire(import.meta.url);
  const dir = path.join(path.dirname(require.resolve('@elevenlabs/client')), 'platform', 'web');
  const source = (file: string) => {
    const text = readFileSync(path.join(dir, file), 'utf8');
    const start = text.indexOf('`');
    const end = text.lastIndexOf('`');
    if (start < 0 || end <= start) throw new Error(`no worklet source found in ${file}`);
    return text.slice(start + 1, end);
  };
  const files = Object.entries(SOURCES).map(([name, file]) => ({
    path: WORKLET_PATHS[name as keyof typeof WORKLET_PATHS],
    code: () => source(file),
  }));
  return {
    name: 'elevenlabs-worklets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = files.find((candidate) => candidate.path === req.url);
        if (!file) return next();
        res.setHeader('Content-Type', 'text/javascript');
        res.end(file.code());
      });
    },
    generateBundle() {
      for (const file of files)
        this.emitFile({ type: 'asset', fileName: file.path.slice(1), source: file.code() });
    },
  };
}
