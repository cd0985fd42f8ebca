// What each legal page is about, for search results (its description); the pages' text is the
// markdown in legal/.
export const legalPageDescriptions = {
  "privacy-policy":
    "What ContentForge AI collects, why, how it is secured and stored, who it is shared with (never sold), and your rights to access, export and delete your data.",
  terms:
    "The terms for using ContentForge AI: account requirements, acceptable use, subscriptions and renewal, refunds, intellectual property, liability and governing law.",
  "refund-policy":
    "When ContentForge AI subscriptions can be refunded, how to ask, how long it takes (14 days at most) and how to cancel from your dashboard.",
};
