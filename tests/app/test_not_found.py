"""A page for unknown URLs; plain text where no one reads HTML."""


def test_an_unknown_page_is_an_html_404_with_a_way_back(client, parse_html):
    response = client.get("/course/lesson-3?x=1")
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    page = parse_html(response.text)
    assert {"href": "/"} in page.tags("a")
    assert "/course/lesson-3" in response.text
    assert not page.tags("script")  # the CSP holds, and there is nothing to run
    assert response.headers["content-security-policy"].startswith("default-src 'self'")


def test_the_path_is_escaped(client):
    response = client.get("/%3Cscript%3Ealert(1)%3C%2Fscript%3E")
    assert response.status_code == 404
    assert "<script>alert" not in response.text
    assert "&lt;script&gt;" in response.text


def test_static_files_and_images_keep_a_plain_404(client):
    for url in ("/static/js/nothing.js", "/graph.nothing"):
        response = client.get(url)
        assert response.status_code == 404
        assert response.headers["content-type"].startswith("text/plain")
