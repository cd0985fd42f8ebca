// Texts written for the tests, shared so that suites read the same words.

/** Assistant-style prose of about 90 words: over the 80 words of the 80–199 band, full of stock phrases. */
export const assistantStyleText =
  "In today's fast-paced world, it is important to note that artificial intelligence plays a crucial role in transforming industries. " +
  "Furthermore, businesses must leverage robust solutions to navigate the complexities of the ever-evolving digital landscape. " +
  "Moreover, organizations that harness data-driven insights can unlock new opportunities, streamline operations, and foster innovation. " +
  "It is essential to recognize that these tools are not a one-size-fits-all solution; rather, they require careful planning and a commitment to continuous improvement. " +
  "In conclusion, embracing these robust solutions empowers teams to thrive in an ever-evolving landscape.";
