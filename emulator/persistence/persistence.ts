/**
 * State that survives a restart. With a data folder (`dataDir`, `--data-dir`) every API's state
 * is loaded at start and written after each request that changed it, before the response leaves
 * (a response is never sent before the state it reports is on disk, so a kill loses at most the
 * requests in flight). `importDir` (`--import`) only loads; `exportOnExit` (`--export-on-exit`)
 * writes every API's state when the emulator closes (SIGINT, SIGTERM, SIGHUP), as Firebase's
 * emulators do. Writes are per API and compare the state with what was last written, so a
 * request that changed nothing writes nothing; requests that arrive while a write is under way
 * share the next one (a group commit).
 */
import type { EmulatorStore } from "../store";
import { SnapshotError } from "../store";
import { ensureFolder, lockFolder, readStateFiles, removeTemporaryFiles, serializeState, writeStateFile } from "./files";

export interface PersistenceOptions {
  /** Load from this folder at start and keep every change in it (`--data-dir`). */
  dataDir?: string;
  /** Load from this folder at start; nothing is written to it (`--import`). */
  importDir?: string;
  /** Write every API's state into this folder when the emulator closes (`--export-on-exit`). */
  exportOnExit?: string;
}

/** One API's file in the data folder, written in order, a write at a time. */
class StateFile {
  private written: string | undefined;
  private running: Promise<void> | undefined;
  private next: Promise<void> | undefined;

  constructor(
    private readonly dir: string,
    private readonly api: string,
    private readonly snapshot: () => unknown,
  ) {
    this.written = this.state();
  }

  save(): Promise<void> {
    if (this.running === undefined) return this.start();
    // The write under way may have taken its snapshot before this request's change: the next one has it.
    this.next ??= this.running.then(() => {
      this.next = undefined;
      return this.start();
    });
    return this.next;
  }

  private state(): string {
    return JSON.stringify(this.snapshot() ?? null);
  }

  private start(): Promise<void> {
    const state = this.state();
    if (state === this.written) return Promise.resolve();
    const write = writeStateFile(this.dir, this.api, serializeState(this.api, state)).then(() => {
      this.written = state;
    });
    const settled: Promise<void> = write
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        if (this.running === settled) this.running = undefined;
      });
    this.running = settled;
    return write;
  }
}

export class Persistence {
  private readonly files = new Map<string, StateFile>();
  private unlock: (() => void) | undefined;

  private constructor(
    private readonly store: EmulatorStore,
    private readonly options: PersistenceOptions,
  ) {}

  /** Loads the saved state into `store` (a `SnapshotError` says what is wrong with it); undefined when nothing is asked. */
  static open(store: EmulatorStore, options: PersistenceOptions): Persistence | undefined {
    const { dataDir, importDir, exportOnExit } = options;
    if (dataDir === undefined && importDir === undefined && exportOnExit === undefined) return undefined;
    if (dataDir !== undefined && importDir !== undefined) {
      throw new SnapshotError("a data folder is loaded at start already: give either a data folder (--data-dir) or one to import (--import), not both");
    }
    const persistence = new Persistence(store, options);
    if (dataDir !== undefined) {
      ensureFolder(dataDir);
      persistence.unlock = lockFolder(dataDir);
      removeTemporaryFiles(dataDir);
    }
    const source = dataDir ?? importDir;
    try {
      if (source !== undefined) store.restore(readStateFiles(source));
    } catch (error) {
      // An emulator that does not start holds no folder.
      persistence.unlock?.();
      throw error;
    }
    if (dataDir !== undefined) {
      for (const api of store.persistentApis()) persistence.files.set(api, new StateFile(dataDir, api, () => store.snapshot(api)));
    }
    return persistence;
  }

  /** Writes the state of these APIs (every API's when undefined) when it changed; resolves once it is on disk. */
  async save(apis?: readonly string[]): Promise<void> {
    const files = apis === undefined ? [...this.files.values()] : apis.flatMap((api) => this.files.get(api) ?? []);
    await Promise.all(files.map((file) => file.save()));
  }

  /** Writes every API's state into `dir` (made when missing), replacing what it held. */
  async exportTo(dir: string): Promise<void> {
    ensureFolder(dir);
    for (const api of this.store.persistentApis()) await writeStateFile(dir, api, serializeState(api, JSON.stringify(this.store.snapshot(api) ?? null)));
  }

  /** The last write, the export on exit, then the folder is free for another emulator. */
  async close(): Promise<void> {
    try {
      await this.save();
      if (this.options.exportOnExit !== undefined) await this.exportTo(this.options.exportOnExit);
    } finally {
      this.unlock?.();
      this.unlock = undefined;
    }
  }
}
