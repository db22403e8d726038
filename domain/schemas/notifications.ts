import { z } from "zod";
import { INVALID_CHOICE } from "../messages";
import { PARTNER_QUESTION_MODES } from "../notifications";
import { formBoolean } from "./common";

/**
 * A change of notification e-mail switches (issue 33): every field optional, the others keep
 * their value. JSON booleans, or form values ("on", "true", "false", "0").
 */
export const NotificationSettingsSchema = z.object({
  moderation: formBoolean(INVALID_CHOICE).optional(),
  replies: formBoolean(INVALID_CHOICE).optional(),
  followed_questions: formBoolean(INVALID_CHOICE).optional(),
  partner_questions: z.enum(PARTNER_QUESTION_MODES, { error: INVALID_CHOICE }).optional(),
});

export type NotificationSettingsInput = z.infer<typeof NotificationSettingsSchema>;
