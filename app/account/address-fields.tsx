import { useEffect, useState } from "react";
import { isPostalCodeRequired, POSTAL_CODE_FORMATS } from "../../domain/billing";
import { useFieldErrors } from "../ui/use-field-errors";
import { CountrySelect } from "./country-select";
import { FieldError, inputStyles } from "./shell";

/**
 * Country select and postal code. The postal code field shows only for countries on the list
 * (spec 000 billing form); without JavaScript the server answers with the field when it is needed.
 */
export function CountryPostalFields({
  defaultCountry,
  defaultPostalCode,
  errors,
  countryLabel = "Country",
  withPostalCode = true,
}: {
  defaultCountry: string;
  defaultPostalCode?: string;
  errors?: Record<string, string[] | undefined>;
  countryLabel?: string;
  withPostalCode?: boolean;
}) {
  const [country, setCountry] = useState(defaultCountry);
  // Marks the fields live once hydrated (the postal code then follows the country at once).
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const needsPostal = withPostalCode && isPostalCodeRequired(country);
  const [postalErrors, onPostalInput] = useFieldErrors(errors?.postal_code);
  const example = POSTAL_CODE_FORMATS[country]?.example;
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-live={live || undefined}>
      <div className="space-y-1.5">
        <label htmlFor="field-country" className="text-sm font-semibold text-ink">
          {countryLabel}
        </label>
        <CountrySelect
          value={country}
          onChange={setCountry}
          live={live}
          invalid={Boolean(errors?.country)}
          describedBy={errors?.country ? "field-country-error" : undefined}
        />
        <FieldError id="field-country-error" errors={errors?.country} />
      </div>
      {needsPostal ? (
        <div className="space-y-1.5">
          <label htmlFor="field-postal_code" className="text-sm font-semibold text-ink">
            Postal code
          </label>
          <input
            id="field-postal_code"
            name="postal_code"
            defaultValue={defaultPostalCode}
            autoComplete="postal-code"
            placeholder={example}
            onInput={onPostalInput}
            aria-invalid={postalErrors ? true : undefined}
            aria-describedby={postalErrors ? "field-postal_code-error" : undefined}
            className={inputStyles(Boolean(postalErrors))}
          />
          <FieldError id="field-postal_code-error" errors={postalErrors} />
        </div>
      ) : null}
    </div>
  );
}

export function TextInput({
  label,
  name,
  defaultValue,
  errors,
  autoComplete,
  placeholder,
  optional,
}: {
  label: string;
  name: string;
  defaultValue?: string;
  errors?: string[];
  autoComplete?: string;
  placeholder?: string;
  optional?: boolean;
}) {
  const id = `field-${name}`;
  const [shown, onInput] = useFieldErrors(errors);
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
        {optional ? <span className="ml-1 font-normal text-ink-soft">(optional)</span> : null}
      </label>
      <input
        id={id}
        name={name}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        placeholder={placeholder}
        onInput={onInput}
        aria-invalid={shown?.length ? true : undefined}
        aria-describedby={shown?.length ? `${id}-error` : undefined}
        className={inputStyles(Boolean(shown?.length))}
      />
      <FieldError id={`${id}-error`} errors={shown} />
    </div>
  );
}
