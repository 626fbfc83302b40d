"""Overlays for OBS (issue 28): a small HTTP server on the loopback address that serves the
initiative strip, the last roll, the party and the reaction banner as transparent pages,
updated live by server-sent events. Qt-free: the window (tactical/ui/player/overlays.py)
and `tactical overlays` (tactical/cli/overlays.py) both feed it.

- `payload.py` — what each page shows, from the stream model through the players' audience
  filter (tactical/encounter/queries/audience.py: the one place that decides);
- `feed.py` — the latest prepared JSON of each page, handed from the GUI thread to the
  server's threads;
- `pages.py` — the pages themselves (HTML, CSS and script inline; the bundled fonts);
- `server.py` — the HTTP server: GET on fixed routes only, loopback Host only;
- `follow.py` — a log followed as it grows, for `tactical overlays`.
"""
