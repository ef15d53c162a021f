// The child process of `writeSampleDocumentsInChild`: reads the job (storage settings and the documents)
// from standard input, stores each sample file, and prints `{"id":…,"size":…}` per file on standard
// output for the server to record.
import { fileStorageFor } from '../adapters/storage';
import { type SampleDocumentsJob, writeSampleFile } from './sample-documents';

let input = '';
for await (const chunk of process.stdin.setEncoding('utf8')) input += chunk;
const job = JSON.parse(input) as SampleDocumentsJob;
const storage = fileStorageFor(job.storage);
for (const row of job.rows) {
  const size = await writeSampleFile(row, storage);
  process.stdout.write(`${JSON.stringify({ id: row.id, size })}\n`);
}
