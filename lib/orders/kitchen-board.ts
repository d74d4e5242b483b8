import type { OrderStatus } from "@/lib/orders/status";
import {
  COLUMN_KEYS,
  COLUMN_TICKETS,
  columnOf,
  compareTickets,
  furtherStatus,
  isActiveStatus,
  type ColumnCounts,
  type ColumnKey,
  type KitchenRead,
  type KitchenTicket,
  type LaterList,
} from "@/lib/orders/kitchen-rules";

// What the open display holds, and how a read changes it (product.md §7). Every read lists each
// column's oldest ticket ids and counts every column, so the board is exactly the server's as
// of that read; tickets come in full only when asked for (an order a notice named, or one the
// display lacks), and are kept while listed. The display's own moves show at once and win over
// a slower read that does not show them yet. Pure (client-safe).

export type KitchenBoard = {
  /** Per column: the ids of its oldest tickets, oldest first, at most COLUMN_TICKETS. */
  order: Record<ColumnKey, string[]>;
  counts: ColumnCounts;
  /** The listed tickets read so far, by id. */
  tickets: Record<string, KitchenTicket>;
  /** Moves this display made. The lifecycle never goes back, so a slower read that does not show one yet loses to it. */
  moved: Record<string, OrderStatus>;
  /** Scheduled orders not due yet, as the last read had them (every read sends them in full). */
  later: LaterList;
  /** The store's preparation minutes as of the last read: when a Later ticket is due. */
  prepMinutes: number;
};

const perColumn = <T>(value: (key: ColumnKey) => T) => Object.fromEntries(COLUMN_KEYS.map((k) => [k, value(k)])) as Record<ColumnKey, T>;

/** How far along a status is, by the display's columns: a later column, or off the display (3). */
const stage = (status: OrderStatus) => (isActiveStatus(status) ? COLUMN_KEYS.indexOf(columnOf(status)) : COLUMN_KEYS.length);

/**
 * Takes `ticket` off its column's list (`listed`) and out of the column it was counted in, and
 * puts it where `status` says: listed there if it is among that column's oldest.
 */
function relocate(board: KitchenBoard, ticket: KitchenTicket, listed: ColumnKey | null, counted: ColumnKey | null, status: OrderStatus) {
  const order = { ...board.order };
  const counts = { ...board.counts };
  const tickets = { ...board.tickets };
  if (listed) order[listed] = order[listed].filter((id) => id !== ticket.id);
  if (counted) counts[counted] -= 1;
  if (isActiveStatus(status)) {
    const to = columnOf(status);
    const moved = { ...ticket, status };
    const there = order[to].flatMap((id) => (tickets[id] ? [tickets[id]] : []));
    // In view when the column lists all it has or this one comes before its last listed; not
    // placed among tickets not read yet (the read that brings them lists this one too).
    const last = there.at(-1);
    const inView =
      there.length === order[to].length && (there.length >= counts[to] || (last !== undefined && compareTickets(moved, last) < 0));
    counts[to] += 1;
    if (inView) {
      tickets[ticket.id] = moved;
      order[to] = [...there, moved]
        .sort(compareTickets)
        .slice(0, COLUMN_TICKETS)
        .map((t) => t.id);
    }
  }
  return { ...board, order, counts, tickets };
}

/** `ticket` with `status` when that is further along the same column (confirmed, then preparing). */
function advanced(ticket: KitchenTicket, status: OrderStatus): KitchenTicket {
  const further = furtherStatus(ticket.status, status);
  return isActiveStatus(further) && further !== ticket.status ? { ...ticket, status: further } : ticket;
}

const columnListing = (board: KitchenBoard, id: string) => COLUMN_KEYS.find((k) => board.order[k].includes(id)) ?? null;

/**
 * `fresh` with the later of its promise and `known`'s: a promise only ever moves later (the
 * kitchen running late), so a delay this display has seen wins over a slower read that has not.
 */
function withLaterPromise(fresh: KitchenTicket, known: KitchenTicket | undefined): KitchenTicket {
  return known && Date.parse(known.promisedBy) > Date.parse(fresh.promisedBy) ? { ...fresh, promisedBy: known.promisedBy } : fresh;
}

/** The board as `read` has it, with this display's moves the read does not show yet. */
export function applyRead(board: KitchenBoard, read: KitchenRead): KitchenBoard {
  const fresh = new Map(read.tickets.map((t) => [t.id, withLaterPromise(t, board.tickets[t.id])]));
  let next: KitchenBoard = {
    order: perColumn((k) => [...read.columns[k]]),
    counts: { ...read.counts },
    tickets: { ...board.tickets, ...Object.fromEntries(fresh) },
    moved: board.moved,
    later: read.later,
    prepMinutes: read.prepMinutes,
  };
  for (const [id, to] of Object.entries(board.moved)) {
    const listedIn = columnListing(next, id);
    const sent = fresh.get(id);
    const ticket = sent ?? next.tickets[id];
    // Where the read counts it: by its ticket when sent, else by the column listing it.
    const counted = sent ? columnOf(sent.status) : listedIn;
    if (!ticket || !counted) continue;
    if (stage(to) > COLUMN_KEYS.indexOf(counted)) next = relocate(next, ticket, listedIn, counted, to);
    else if (listedIn) next.tickets = { ...next.tickets, [id]: advanced(ticket, to) };
  }
  // Only the listed tickets are kept: memory stays bounded however many orders pass.
  const listed = new Set(COLUMN_KEYS.flatMap((k) => next.order[k]));
  next.tickets = Object.fromEntries(Object.entries(next.tickets).filter(([id]) => listed.has(id)));
  return next;
}

/** The board the page's first read shows. */
export function boardFrom(read: KitchenRead): KitchenBoard {
  const empty = { order: perColumn(() => []), counts: perColumn(() => 0), tickets: {}, moved: {}, later: read.later };
  return applyRead({ ...empty, prepMinutes: read.prepMinutes }, read);
}

/** This display moved `ticket` to `to` and the server agreed: shown at once, before any read. */
export function applyMove(board: KitchenBoard, ticket: KitchenTicket, to: OrderStatus): KitchenBoard {
  const status = furtherStatus(board.moved[ticket.id] ?? ticket.status, to);
  const moved = { ...board.moved, [ticket.id]: status };
  const from = columnListing(board, ticket.id);
  if (from && isActiveStatus(status) && columnOf(status) === from) {
    return { ...board, moved, tickets: { ...board.tickets, [ticket.id]: advanced(ticket, status) } };
  }
  return { ...relocate(board, ticket, from, from, status), moved };
}

/** This display delayed `id` and the server agreed: its new promise shows at once, before any read. */
export function applyPromise(board: KitchenBoard, id: string, promisedBy: string): KitchenBoard {
  const ticket = board.tickets[id];
  if (!ticket) return board;
  return { ...board, tickets: { ...board.tickets, [id]: withLaterPromise({ ...ticket, promisedBy }, ticket) } };
}

/** Each column's tickets to show, oldest first (a listed ticket not read yet is left out until it is). */
export function columnTickets(board: KitchenBoard, key: ColumnKey): KitchenTicket[] {
  return board.order[key].flatMap((id) => (board.tickets[id] ? [board.tickets[id]] : []));
}

/** Listed tickets the display has not read yet: its next read asks for them. */
export function missingTickets(board: KitchenBoard): string[] {
  return COLUMN_KEYS.flatMap((k) => board.order[k].filter((id) => !board.tickets[id]));
}
