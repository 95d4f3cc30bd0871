/**
 * Tuning progress on stderr: a live bar (cli-progress) on a terminal, one line per generation
 * otherwise, so logs stay readable.
 */
import { SingleBar } from 'cli-progress';

/** Receives the tuner's progress, generation by generation. */
export interface TuneProgress {
  startGeneration(generation: number, evaluations: number): void;
  evaluationDone(): void;
  endGeneration(best: number, mean: number): void;
  stop(): void;
}

/**
 * A progress display for `stream`: a bar on a terminal, lines otherwise. `detail` adds a note
 * to both (a job queue's jobs done and workers seen).
 */
export function createProgress(
  stream: NodeJS.WriteStream,
  generations: number,
  detail: () => string = () => '',
): TuneProgress {
  const note = () => {
    const text = detail();
    return text === '' ? '' : ` | ${text}`;
  };
  const started = Date.now();
  let generation = 0;
  let doneGenerations = 0;
  const eta = (): string => {
    if (doneGenerations === 0) return '?';
    const perGeneration = (Date.now() - started) / doneGenerations;
    return `${Math.round((perGeneration * (generations - generation - 1)) / 1000)}s`;
  };
  if (stream.isTTY) {
    const bar = new SingleBar({
      format:
        'generation {generation}/{generations} [{bar}] {value}/{total} evaluations | best {best} | mean {mean} | ETA {eta}{note}',
      stream,
      hideCursor: true,
    });
    let best = '-';
    let mean = '-';
    return {
      startGeneration(g, evaluations) {
        generation = g;
        bar.start(evaluations, 0, { generation: g + 1, generations, best, mean, eta: eta(), note: note() });
      },
      evaluationDone: () => bar.increment(1, { eta: eta(), note: note() }),
      endGeneration(b, m) {
        doneGenerations++;
        best = b.toFixed(1);
        mean = m.toFixed(1);
        bar.update({ best, mean, eta: eta() });
        bar.stop();
      },
      stop: () => bar.stop(),
    };
  }
  return {
    startGeneration(g) {
      generation = g;
    },
    evaluationDone() {},
    endGeneration(best, mean) {
      doneGenerations++;
      stream.write(
        `generation ${generation + 1}/${generations}: best ${best.toFixed(1)}, mean ${mean.toFixed(1)}, ETA ${eta()}${note()}\n`,
      );
    },
    stop() {},
  };
}
