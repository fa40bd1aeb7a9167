/** A first-come-first-served async lock. */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();

  /** Runs `work` once every earlier holder has finished. */
  run<A>(work: () => Promise<A>): Promise<A> {
    const result = this.tail.then(work);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

/** One mutex per name, made on first use. */
export class NamedMutexes {
  private readonly mutexes = new Map<string, Mutex>();

  /** Runs `work` holding the mutex called `name`. */
  run<A>(name: string, work: () => Promise<A>): Promise<A> {
    let mutex = this.mutexes.get(name);
    if (mutex === undefined) {
      mutex = new Mutex();
      this.mutexes.set(name, mutex);
    }
    return mutex.run(work);
  }
}
