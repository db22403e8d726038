import { buttonStyles, Field, FormErrors, formValues, useWrite } from "./ui";

export type AlternativeValue = {
  id: number;
  slug: string;
  name: string;
  monthly_price: number | null;
};

/** One tool's monthly price (PATCH /api/staff/alternatives/{id}/; empty clears it). */
function AlternativePrice({ alternative }: { alternative: AlternativeValue }) {
  const { run, errors, busy } = useWrite();
  return (
    <form
      aria-label={`${alternative.name} monthly price`}
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        const v = formValues(e.currentTarget).monthly_price ?? "";
        void run(
          "PATCH",
          `/api/staff/alternatives/${alternative.id}/`,
          { monthly_price: v.trim() === "" ? null : Number(v) },
          `${alternative.name}'s monthly price saved.`,
        );
      }}
    >
      <Field
        label={`${alternative.name}: monthly price (USD)`}
        name="monthly_price"
        type="number"
        step="0.01"
        defaultValue={alternative.monthly_price}
        errors={errors}
      />
      <button type="submit" className={buttonStyles.secondary} disabled={busy}>
        Save price
      </button>
      <div className="basis-full">
        <FormErrors errors={errors} known={["monthly_price"]} />
      </div>
    </form>
  );
}

/**
 * The deal's "Alternative to" tools and their monthly prices (issue 34): each plan's payback
 * ("Pays for itself in 3 months against Asana and Trello") is counted against them. A tool's
 * price is the tool's own: every deal that replaces it pays back against the same figure.
 */
export function DealAlternatives({ alternatives }: { alternatives: AlternativeValue[] }) {
  return (
    <section aria-labelledby="alternatives" className="mt-6 rounded-2xl bg-white p-5 shadow-card">
      <h2 id="alternatives" className="text-lg font-bold">
        Alternatives and payback
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        Each tool's monthly price is shared by every deal that replaces it; a plan pays for itself
        in its price over their sum, rounded up.
      </p>
      {alternatives.length === 0 ? (
        <p className="mt-3 text-sm">This deal names no alternative.</p>
      ) : (
        <div className="mt-4 space-y-4">
          {alternatives.map((a) => (
            <AlternativePrice key={a.id} alternative={a} />
          ))}
        </div>
      )}
    </section>
  );
}
