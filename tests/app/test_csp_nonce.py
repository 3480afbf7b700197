"""The editor's style nonce: fresh per page response, in that response's CSP and its page only,
never 'unsafe-inline'."""

import re

NONCE = re.compile(r"'nonce-([A-Za-z0-9_-]{16,64})'")


def test_each_page_gets_its_own_nonce(client):
    first, second = client.get("/"), client.get("/embed")
    nonces = []
    for response in (first, second):
        csp = response.headers["content-security-policy"]
        match = NONCE.search(csp)
        assert match and "unsafe-inline" not in csp
        assert re.search(r"style-src 'self' 'nonce-", csp)
        assert f'data-style-nonce="{match.group(1)}"' in response.text
        nonces.append(match.group(1))
    assert nonces[0] != nonces[1]


def test_other_responses_have_no_nonce(client):
    for path in ("/healthz", "/graph.svg", "/static/css/playground.css"):
        csp = client.get(path).headers["content-security-policy"]
        assert "nonce-" not in csp and "style-src 'self';" in csp
