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
      <div className="faq-list">
        {faqs.map((faq) => (
          <details key={faq.question} className="group p-4">
            <summary className="faq-q">
              {faq.question}
              <span aria-hidden="true" className="faq-plus">
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
