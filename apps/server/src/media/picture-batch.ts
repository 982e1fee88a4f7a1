// Demo items' pictures made for several jobs in one ffmpeg run. Jobs taken together each ask for
// their pictures once, at some point of their work; the run starts when every job still at work
// is waiting for it, so none waits for a job that will never ask (one that failed or had nothing
// to draw), or when the first has waited `maxWaitMs`, so none waits long for a job still encoding
// its base clip. One bad picture does not fail the others: a failed run is made again picture by
// picture.
import type { DemoPicture } from './demo-media.ts';

interface Waiting {
  picture: DemoPicture;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class PictureBatch {
  readonly #run: (pictures: readonly DemoPicture[]) => Promise<void>;
  readonly #maxWaitMs: number;
  #atWork: number;
  #waiting: Waiting[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;

  /** `jobs`: how many jobs take part; each calls `leave` once it is done, whether it asked or not. */
  constructor(run: (pictures: readonly DemoPicture[]) => Promise<void>, jobs: number, maxWaitMs = 1000) {
    this.#run = run;
    this.#atWork = jobs;
    this.#maxWaitMs = maxWaitMs;
  }

  make(picture: DemoPicture): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ picture, resolve, reject });
      this.#timer ??= setTimeout(() => {
        this.#start();
      }, this.#maxWaitMs);
      if (this.#waiting.length >= this.#atWork) this.#start();
    });
  }

  leave(): void {
    this.#atWork -= 1;
    if (this.#waiting.length > 0 && this.#waiting.length >= this.#atWork) this.#start();
  }

  #start(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#waiting;
    this.#waiting = [];
    if (batch.length > 0) void this.#make(batch);
  }

  async #make(batch: readonly Waiting[]): Promise<void> {
    try {
      await this.#run(batch.map((waiting) => waiting.picture));
      for (const waiting of batch) waiting.resolve();
      return;
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
    }
    for (const waiting of batch) {
      await this.#run([waiting.picture]).then(waiting.resolve, waiting.reject);
    }
  }
}
