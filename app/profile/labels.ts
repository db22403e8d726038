/** How a bot author is labelled wherever it appears (spec 000 section 6: bots are special; our wording). */
export const BOT_LABEL = "Bot";
export const BOT_NOTE = "An automated account run by the Payonce team.";
