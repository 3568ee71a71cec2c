import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: false },
  optimizeDeps: {
    include: ['re2js', 'smol-toml', 'yaml', 'zod', 'comlink'],
  },
});
