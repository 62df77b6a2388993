"""Keep-alive pings go to connections that have gone quiet, not to those that talk."""

from __future__ import annotations

import asyncio
import base64
import os
import socket
import struct
from typing import Any

import pytest

from tricktable.server.keepalive import protocol_class

INTERVAL = 0.25


async def _echo_app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] != "websocket":
        return
    await receive()
    await send({"type": "websocket.accept"})
    while (await receive())["type"] != "websocket.disconnect":
        pass


async def _open(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(
        (
            f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    await reader.readuntil(b"\r\n\r\n")
    return reader, writer


def _text_frame(text: bytes) -> bytes:
    mask = os.urandom(4)
    masked = bytes(byte ^ mask[n % 4] for n, byte in enumerate(text))
    return struct.pack("!BB", 0x81, 0x80 | len(text)) + mask + masked


async def _pings(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, talk: bool) -> int:
    """The pings the server sends over four intervals; ``talk``: a message every tenth of one."""
    pings, loop = 0, asyncio.get_running_loop()
    end = loop.time() + 4 * INTERVAL
    while (left := end - loop.time()) > 0:
        if talk:
            writer.write(_text_frame(b"hi"))
        try:
            head = await asyncio.wait_for(reader.readexactly(2), min(left, INTERVAL / 10))
        except TimeoutError:
            continue
        payload = await reader.readexactly(head[1] & 0x7F)
        if head[0] & 0x0F == 0x9:
            pings += 1
            mask = os.urandom(4)
            pong = bytes(byte ^ mask[n % 4] for n, byte in enumerate(payload))
            writer.write(struct.pack("!BB", 0x8A, 0x80 | len(payload)) + mask + pong)
    return pings


async def _count_pings() -> tuple[int, int]:
    uvicorn = pytest.importorskip("uvicorn")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(
        _echo_app, host="127.0.0.1", port=port, ws=protocol_class(), log_config=None,
        ws_ping_interval=INTERVAL, ws_ping_timeout=INTERVAL, lifespan="off",
    )  # fmt: skip
    server = uvicorn.Server(config)
    serving = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.01)
    quiet, talking = await _open(port), await _open(port)
    counts = await asyncio.gather(_pings(*quiet, False), _pings(*talking, True))
    for _, writer in (quiet, talking):
        writer.close()
    server.should_exit = True
    await serving
    return counts[0], counts[1]


def test_a_quiet_connection_is_pinged_and_a_talking_one_is_not() -> None:
    if protocol_class() == "auto":
        pytest.skip("this uvicorn keeps its WebSockets alive its own way")
    quiet, talking = asyncio.run(_count_pings())
    assert quiet >= 2
    assert talking == 0
