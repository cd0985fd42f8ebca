import type { Page } from "./test";

/**
 * The page's chat POST loses its connection after its first piece of text, as a dropped signal
 * does: the server's reply goes on (decision 072), and the page must follow it again itself.
 */
export async function cutChatStreamAfterFirstPiece(page: Page) {
  await page.addInitScript(() => {
    const realFetch = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await realFetch(input, init);
      if (init?.method !== "POST" || !String(input).endsWith("/api/chat") || !response.body) return response;
      const reader = response.body.getReader();
      const cut = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          controller.enqueue(value);
          if (new TextDecoder().decode(value).includes('"token"')) {
            void reader.cancel();
            controller.error(new TypeError("network error"));
          }
        },
      });
      return new Response(cut, { headers: response.headers });
    };
  });
}
