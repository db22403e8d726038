import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { buttonStyles, type Column, DataTable, Pager } from "./ui";

/** One filter of a list's search form: a select sent as a query parameter. */
export function FilterSelect({
  id,
  label,
  name,
  value,
  options,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  options: Array<[string, string]>;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        className="mt-1 rounded-lg border border-black/15 px-3 py-2 text-sm"
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

type Paged = { page: number; pages: number; total: number; items: unknown[] };

/**
 * A staff list page's body: the search form (free text plus any filters), the table with
 * sortable headers, and the pager. Sorting, filtering and paging are query parameters the
 * loader hands to the API's own list call, so the server does all three.
 */
export function ListPage({
  searchLabel,
  query,
  sort,
  filters,
  caption,
  columns,
  list,
  empty,
  children,
}: {
  searchLabel: string;
  query: string;
  sort: string;
  /** More filter fields inside the search form. */
  filters?: ReactNode;
  caption: string;
  columns: Column[];
  list: Paged;
  empty: string;
  children: ReactNode;
}) {
  const { search } = useLocation();
  const inputId = `${caption.replace(/\W+/g, "-").toLowerCase()}-query`;
  return (
    <>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" role="search">
        <div>
          <label htmlFor={inputId} className="block text-sm font-semibold">
            {searchLabel}
          </label>
          <input
            id={inputId}
            name="query"
            type="search"
            defaultValue={query}
            className="mt-1 rounded-lg border border-black/15 px-3 py-2 text-sm"
          />
        </div>
        {filters}
        {sort ? <input type="hidden" name="sort" value={sort} /> : null}
        <button type="submit" className={buttonStyles.secondary}>
          Search
        </button>
      </Form>
      <DataTable
        caption={caption}
        headers={columns}
        count={list.items.length}
        empty={empty}
        sort={sort}
      >
        {children}
      </DataTable>
      <Pager list={list} search={search} />
    </>
  );
}
