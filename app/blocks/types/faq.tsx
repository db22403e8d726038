import { dataList } from "../../../domain/blocks";
import type { BlockProps } from "../block-props";
import { BlockSection, blockTitle } from "../shell";

type Faq = { question: string; answer: string };

/** FAQ: json_data.faqs when given, else the deal's FAQs; an empty list renders nothing. */
export function FaqBlock(props: BlockProps) {
  const own = dataList<Faq>(props.block.data, "faqs").filter((f) => f.question && f.answer);
  const faqs = own.length > 0 ? own : props.deal.faqs;
  if (faqs.length === 0) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, "Frequently asked questions")}>
      <div className="divide-y divide-black/10 rounded-2xl border border-black/10 bg-white">
        {faqs.map((faq) => (
          <details key={faq.question} className="group p-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold [&::-webkit-details-marker]:hidden">
              {faq.question}
              <span
                aria-hidden="true"
                className="text-xl text-ink-soft transition group-open:rotate-45"
              >
                +
              </span>
            </summary>
            <p className="mt-2 text-ink-soft">{faq.answer}</p>
          </details>
        ))}
      </div>
    </BlockSection>
  );
}
