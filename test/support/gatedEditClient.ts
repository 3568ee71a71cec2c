/**
 * An edit client for tests of off-thread editing: the edit worker's service runs in place, and
 * each job waits until the test lets it through (`open`, one job at a time). `record` says what
 * is kept of each job in `jobs`; `blobs` holds the text Blobs the service answered with.
 */
import { createEditService, type TextJob } from '../../src/worker/editService.ts';
import type { EditClient } from '../../src/worker/editClient.ts';

export function gatedEditClient<T>(record: (job: TextJob) => T) {
  const service = createEditService();
  const gates: (() => void)[] = [];
  const jobs: T[] = [];
  const blobs: Blob[] = [];
  const client: EditClient = {
    async docText(job) {
      jobs.push(record(job));
      await new Promise<void>((r) => gates.push(r));
      const answer = await service.docText(job);
      if ('textBlob' in answer && answer.textBlob) blobs.push(answer.textBlob);
      return answer;
    },
    dispose: () => undefined,
  };
  const open = async () => {
    gates.shift()?.();
    for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
  };
  return { client, open, jobs, blobs };
}
