import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Brotli or gzip for every compressible answer (HTML, JavaScript, CSS, JSON, SVG: mime-db's list) when the browser
 * asks for it, above 1 KB. Registered before the static files, whose hashed assets usually arrive already compressed
 * from the build (`.br`/`.gz` beside each file, served by @fastify/static's `preCompressed`); the plugin leaves an
 * answer that already has a Content-Encoding alone. Request bodies are not decompressed: webhooks are signed over the
 * bytes as sent.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
  });
}
