import { NOTIFICATIONS_SAVED } from "../../domain/messages";
import type { PartnerQuestionMode } from "../../domain/notifications";
import { buttonStyles, formValues, useWrite } from "../staff/ui";
import { cx } from "../ui/format";

const CHOICES: { value: PartnerQuestionMode; label: string }[] = [
  { value: "each", label: "An e-mail for each new question" },
  { value: "daily", label: "One daily digest of the day's questions" },
  { value: "off", label: "No e-mails (the portal still lists them)" },
];

/** How a founder hears of new questions on their deals (issue 33); kept with their e-mail settings. */
export function QuestionEmails({ mode }: { mode: PartnerQuestionMode }) {
  const { run, busy } = useWrite();
  return (
    <section aria-labelledby="question-emails" className="mt-8">
      <h2 id="question-emails" className="text-xl font-bold">
        New question e-mails
      </h2>
      <form
        className="mt-3 rounded-2xl bg-white p-4 shadow-card"
        data-testid="question-emails"
        onSubmit={async (e) => {
          e.preventDefault();
          const chosen = formValues(e.currentTarget).partner_questions ?? mode;
          await run(
            "PATCH",
            "/api/users/notifications/",
            { partner_questions: chosen },
            NOTIFICATIONS_SAVED,
          );
        }}
      >
        <fieldset>
          <legend className="text-sm text-ink-soft">
            When someone asks a question on one of your deals:
          </legend>
          {CHOICES.map((c) => (
            <label key={c.value} className="mt-2 flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="partner_questions"
                value={c.value}
                defaultChecked={mode === c.value}
              />
              {c.label}
            </label>
          ))}
        </fieldset>
        <button type="submit" className={cx(buttonStyles.primary, "mt-3")} disabled={busy}>
          Save
        </button>
      </form>
    </section>
  );
}
