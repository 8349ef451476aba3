// "My games": every finished game (and an abandoned one when a new game
// starts) kept in this browser's IndexedDB. One object store of entries:
//
//   {id, date (ISO), opponent: "humans" | level number, color: the player's
//    colour against the bot ("white" | "black"; two players: null),
//    result: "2-0" | "0-2" | "1-1" | "*", outcome: "win" | "draw" | "loss" |
//    "unfinished" (the player's; two players: White's), reason (the engine's
//    reason word, or "abandoned"), timeControl (PDN value, "-" without a
//    clock), startFen, moves: [notation], pdn}
//
// Every failure (no IndexedDB, private mode, quota) rejects with an Error
// the page shows; the game in progress never depends on it.

const DB_NAME = "shashki-games";
const STORE = "games";

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error || new Error("the browser's database failed"));
  });
}

export class Archive {
  constructor() {
    this.db = null;
  }

  async open() {
    if (this.db) return this.db;
    if (typeof indexedDB === "undefined" || !indexedDB) throw new Error("this browser keeps no database (IndexedDB)");
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
    };
    this.db = await new Promise((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error || new Error("the browser's database could not be opened"));
      req.onblocked = () => reject(new Error("the browser's database is busy in another tab"));
    });
    return this.db;
  }

  async _store(mode) {
    const db = await this.open();
    return db.transaction(STORE, mode).objectStore(STORE);
  }

  /** Stores one entry (a new one, or rewrites the entry with its id); resolves to its id. */
  async put(entry) {
    const store = await this._store("readwrite");
    const done = new Promise((resolve, reject) => {
      store.transaction.oncomplete = resolve;
      store.transaction.onabort = () => reject(store.transaction.error || new Error("the game could not be stored"));
    });
    const id = await request(store.put(entry));
    await done;
    return id;
  }

  /** Every entry, newest first. */
  async all() {
    const store = await this._store("readonly");
    const list = await request(store.getAll());
    return list.sort((a, b) => String(b.date).localeCompare(String(a.date)) || b.id - a.id);
  }

  async remove(id) {
    const store = await this._store("readwrite");
    await request(store.delete(id));
  }

  async clear() {
    const store = await this._store("readwrite");
    await request(store.clear());
  }
}
