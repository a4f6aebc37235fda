/**
 * Whether someone waits on screen for a task: an urgent task goes before every task not urgent
 * that waits, whatever came first. A task already waiting may be made urgent (its object is
 * shared with whoever asks for it again).
 */
export interface TurnPriority {
  urgent: boolean;
}

/**
 * At most `atOnce` tasks run at the same time; the rest wait their turn, the urgent ones first,
 * otherwise in the order they came. A finished task hands its place to the next in line, so no
 * newcomer slips in between.
 */
export class Turns {
  private running = 0;
  private readonly waiting: { priority: TurnPriority; go: () => void }[] = [];

  constructor(private readonly atOnce: number) {}

  /** How many tasks wait for their turn (those running aside). */
  get waitingCount(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>, priority: TurnPriority = { urgent: false }): Promise<T> {
    if (this.running >= this.atOnce) {
      await new Promise<void>((go) => this.waiting.push({ priority, go }));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const urgent = this.waiting.findIndex((next) => next.priority.urgent);
      const [next] = this.waiting.splice(urgent === -1 ? 0 : urgent, 1);
      if (next) next.go();
      else this.running -= 1;
    }
  }
}
