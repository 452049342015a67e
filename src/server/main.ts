import { holdYoungGeneration } from './young-generation.ts';

// The server's modules load after this, dynamically: their parsing is most of the start-up's
// allocation, which would otherwise grow the young generation for good (young-generation.ts).
holdYoungGeneration();
await import('./serve.ts');
