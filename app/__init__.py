"""The FastAPI server: pages, the server-rendered graph image, static files, headers."""
