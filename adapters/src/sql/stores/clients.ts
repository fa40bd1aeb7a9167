import type { Client } from "@apar/core";
import type { Clients } from "@apar/core/ports";
import { decodeDate, decodeInt, decodeJson, encodeDate } from "../columns.js";
import type { SqlSession } from "../sql-session.js";
import { keysetPage } from "./paging.js";

export interface ClientRow {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly modules: string;
  readonly created_at: unknown;
  readonly settings: unknown;
}

const SELECT = "SELECT id, name, type, modules, created_at, settings FROM clients";

export const decodeClient = (row: ClientRow): Client => ({
  id: row.id,
  name: row.name,
  type: row.type as Client["type"],
  modules: decodeJson(row.modules),
  createdAt: decodeDate(row.created_at),
  // A client stored without settings reads back without them (callers fill in the defaults).
  ...(row.settings === null || row.settings === undefined ? {} : { settings: decodeJson(row.settings) }),
});

/** Clients in SQL. */
export const sqlClients = (session: SqlSession): Clients => ({
  async add(client) {
    await session.execute(
      "INSERT INTO clients (id, name, type, modules, created_at, settings) VALUES ($1, $2, $3, $4, $5, $6)",
      [
        client.id,
        client.name,
        client.type,
        JSON.stringify(client.modules),
        encodeDate(client.createdAt),
        client.settings === undefined ? null : JSON.stringify(client.settings),
      ],
    );
  },
  async ofId(id) {
    const [row] = await session.select<ClientRow>(`${SELECT} WHERE id = $1`, [id]);
    return row === undefined ? undefined : decodeClient(row);
  },
  list: (page) => keysetPage(session, { select: SELECT, where: [], bind: [], id: "id" }, page, decodeClient),
  async update(client) {
    await session.execute("UPDATE clients SET name = $1, type = $2, modules = $3, settings = $4 WHERE id = $5", [
      client.name,
      client.type,
      JSON.stringify(client.modules),
      client.settings === undefined ? null : JSON.stringify(client.settings),
      client.id,
    ]);
  },
  async count() {
    const [row] = await session.select<{ n: unknown }>("SELECT COUNT(*) AS n FROM clients");
    return decodeInt(row?.n ?? 0);
  },
});
