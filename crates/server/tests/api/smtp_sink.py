#!/usr/bin/env python3
"""A real SMTP server for the mail tests: aiosmtpd on 127.0.0.1:PORT that accepts every
message and writes each, decoded, as one JSON file into DIR (named by arrival order):
envelope recipients, headers, and the plain-text and HTML parts. Prints "ready" once it
listens; runs until killed."""

import argparse
import asyncio
import email
import email.policy
import itertools
import json
import os
import sys

try:
    from aiosmtpd.controller import Controller
except ImportError:
    print("aiosmtpd missing: pip install aiosmtpd", flush=True)
    sys.exit(3)


class Sink:
    def __init__(self, directory):
        self.directory = directory
        self.counter = itertools.count()

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        parts = {}
        for part in message.walk():
            kind = part.get_content_type()
            if kind in ("text/plain", "text/html") and kind not in parts:
                parts[kind] = part.get_content()
        record = {
            "rcpt_to": list(envelope.rcpt_tos),
            "mail_from": envelope.mail_from,
            "from": str(message.get("From", "")),
            "to": str(message.get("To", "")),
            "subject": str(message.get("Subject", "")),
            "message_id": str(message.get("Message-ID", "")),
            "list_unsubscribe": str(message.get("List-Unsubscribe", "")),
            "list_unsubscribe_post": str(message.get("List-Unsubscribe-Post", "")),
            "content_type": message.get_content_type(),
            "text": parts.get("text/plain", ""),
            "html": parts.get("text/html", ""),
        }
        name = "%s-%06d" % (os.getpid(), next(self.counter))
        temporary = os.path.join(self.directory, name + ".tmp")
        with open(temporary, "w", encoding="utf-8") as out:
            json.dump(record, out)
        os.rename(temporary, os.path.join(self.directory, name + ".json"))
        return "250 OK"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--dir", required=True)
    args = parser.parse_args()
    controller = Controller(Sink(args.dir), hostname="127.0.0.1", port=args.port)
    controller.start()
    print("ready", flush=True)
    try:
        asyncio.run(asyncio.Event().wait())
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
