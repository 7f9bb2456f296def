import { afterEach, describe, expect, it, vi } from 'vitest'
import { storeShortLink } from './shortLinks'

/** The page's fetch answering one POST of a short link as the team server (or something in front of it) would. */
function answering(body: unknown, status = 200) {
  vi.stubGlobal('fetch', () =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  )
}

describe('storing a short link from the page (review of issue 35 item 4)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('takes only an id of the short link form: anything else never becomes a link', async () => {
    answering({ id: '0123456789abcdef0123456789abcdef' })
    expect(await storeShortLink('s1.x', '')).toEqual({ ok: true, value: '0123456789abcdef0123456789abcdef' })
    for (const id of ['../../etc/passwd', 'ABC', '0123456789ABCDEF0123456789ABCDEF', '']) {
      answering({ id })
      expect(await storeShortLink('s1.x', ''), id).toMatchObject({ ok: false, error: { key: 'shortLink.unavailable' } })
    }
  })

  it("says a full folder and a body too large in the page's language, with the server's limit", async () => {
    answering({ error: { type: 'full', message: 'The team server’s short link folder is full (500 MB; …)', limit: '500 MB' } }, 507)
    expect(await storeShortLink('s1.x', '')).toEqual({ ok: false, error: { key: 'shortLink.full', params: { limit: '500 MB' } } })
    answering({ error: { type: 'too_large', message: 'This is too large for a short link' } }, 413)
    expect(await storeShortLink('s1.x', '')).toEqual({
      ok: false,
      error: { key: 'shortLink.tooLargeSent', params: { limit: '1,000,000' } },
    })
  })
})
