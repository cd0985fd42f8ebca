/** A catalog's ids as the non-empty tuple zod's enum takes, and its entry by id (the first for an unknown one). */
export function catalogOf<const Entries extends readonly [{ readonly id: string }, ...{ readonly id: string }[]]>(entries: Entries) {
  type Entry = Entries[number];
  type Id = Entry["id"];
  return {
    ids: entries.map((entry) => entry.id) as [Id, ...Id[]],
    byId: (id: Id): Entry => entries.find((entry) => entry.id === id) ?? entries[0],
  };
}
