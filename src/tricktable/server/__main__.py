"""``python -m tricktable.server``: run the online table with uvicorn (as ``tricktable serve``)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tricktable.server", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=None, help="database URL (default: a SQLite file)")
    parser.add_argument("--broker", default=None, help="redis:// or postgresql:// URL")
    parser.add_argument("--bot-delay", type=float, default=None, help="seconds before bot moves")
    parser.add_argument("--grace", type=float, default=None, help="seconds before a bot sits in")
    parser.add_argument(
        "--no-limits", action="store_true", help="no rate limits or caps (for load tests only)"
    )
    args = parser.parse_args(argv)
    from .run import serve

    serve(
        host=args.host,
        port=args.port,
        db=args.db,
        broker=args.broker,
        bot_delay=args.bot_delay,
        grace=args.grace,
        limits=not args.no_limits,
    )


if __name__ == "__main__":
    from .run import configure_logging

    configure_logging()
    main()
