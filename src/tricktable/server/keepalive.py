"""WebSocket keep-alive pings sent only to connections that have gone quiet.

The server pings each connection every ``ws_ping_interval`` seconds to find the ones whose
other end is gone. A connection that has sent something within the interval (a move, a chat,
a ping of its own) is known to be alive, so its ping is put off until it has been silent for
:data:`SILENCE` intervals: the pings, most of an idle server's CPU, follow the quiet
connections only.

:func:`protocol_class` is the WebSocket implementation handed to uvicorn: its sans-I/O one with
the keep-alive above when the installed uvicorn keeps its connections alive that way, else
uvicorn's own choice.
"""

from __future__ import annotations

from typing import Any

__all__ = ["protocol_class"]


def protocol_class() -> Any:
    """The WebSocket protocol class for uvicorn's ``ws`` setting (``"auto"``: its own)."""
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import (
            WebSocketsSansIOProtocol,
        )
    except ImportError:
        return "auto"
    if not all(hasattr(WebSocketsSansIOProtocol, name) for name in _HOOKS):
        return "auto"
    return _quiet_keepalive(WebSocketsSansIOProtocol)


SILENCE = 1.5
"""How many ping intervals a connection is silent before it is pinged: more than one, since a
client that pings at the same interval (as WebSocket libraries do) would otherwise race the
server's timer, which was started at the same moment, and lose by a fraction of a second."""

_HOOKS = ("send_keepalive_ping", "data_received")
"""What the keep-alive below builds on: uvicorn's own timer's callback and the data it reads."""


def _quiet_keepalive(base: type[Any]) -> type[Any]:
    class QuietKeepAlive(base):  # type: ignore[misc]
        """Pings a connection only once it has been silent for :data:`SILENCE` intervals."""

        heard_at = float("-inf")

        def data_received(self, data: bytes) -> None:
            self.heard_at = self.loop.time()
            super().data_received(data)

        def send_keepalive_ping(self) -> None:
            silent = self.loop.time() - self.heard_at
            if self.ping_interval and silent < self.ping_interval * SILENCE:
                wait = self.ping_interval * SILENCE - silent
                self.ping_timer = self.loop.call_later(wait, self.send_keepalive_ping)
                return
            super().send_keepalive_ping()

    return QuietKeepAlive
