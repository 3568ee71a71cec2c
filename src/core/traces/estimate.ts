/**
 * How big a replay of a trace would be, known cheaply before running it (teaching links ask
 * before they start a run larger than a small budget).
 */
import { detectTraceFormat } from './detect.ts';
import { scriptedEventCount } from './scripted.ts';

/**
 * The number of trace items a file gives: a scripted trace's steps with their `repeat` counts
 * (nothing is expanded), otherwise its lines (an upper bound for line-based and chat formats).
 */
export function estimateTraceItems(fileName: string, text: string): number {
  if (detectTraceFormat(fileName, text.slice(0, 64 * 1024)) === 'scripted') return scriptedEventCount(text);
  let lines = text.length > 0 ? 1 : 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}
