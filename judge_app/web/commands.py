"""`judge serve`: the web app under gunicorn (or Flask's server with --dev)."""

from __future__ import annotations

import logging
import os

import click

from judge_app import config


def default_workers() -> int:
    """Sync-free threaded workers: one process per core plus one, a few threads each."""
    return (os.cpu_count() or 1) + 1


def gunicorn_options(host: str, port: int, workers: int | None, threads: int | None,
                     access_log: bool = False, forwarded_allow_ips: str = "") -> dict:
    return {
        "bind": f"{host}:{port}",
        "workers": workers or default_workers(),
        # gthread that reads each request completely before a thread sees it: slow clients cost
        # a buffer, never a thread (issue 19)
        "worker_class": "judge_app.web.worker.BufferingThreadWorker",
        "threads": threads or 4,
        # each worker builds its own app (library + search index loaded once per worker);
        # nothing is shared across a fork
        "preload_app": False,
        "timeout": 30,
        "graceful_timeout": 10,
        "keepalive": 5,
        "max_requests": 0,
        "accesslog": "-" if access_log else None,
        "errorlog": "-",
        "loglevel": "info",
        "proc_name": "judge-web",
        "control_socket_disable": True,  # several instances (tests, bench) on one machine
        "limit_request_line": 4094,
        "limit_request_fields": 60,
        # X-Forwarded-* are honoured only from the proxies named here (env JUDGE_FORWARDED_ALLOW_IPS)
        "forwarded_allow_ips": forwarded_allow_ips,
    }


def run_gunicorn(options: dict, app_config: dict | None = None) -> None:
    from gunicorn.app.base import BaseApplication

    class JudgeApplication(BaseApplication):
        def load_config(self):
            for key, value in options.items():
                if value is not None and key in self.cfg.settings:
                    self.cfg.set(key, value)

        def load(self):
            from judge_app.web import create_app

            return create_app(dict(app_config or {}, DEBUG=False))

    JudgeApplication().run()


def _opt(name: str, *decls, **kwargs):
    """A click option taking its value from the environment setting `name` (judge_app/config.py)."""
    s = config.BY_NAME[name]
    return click.option(*decls, envvar=config.envvar(name), show_envvar=True, default=s.default,
                        show_default=s.shown or True, help=s.doc, **kwargs)


@click.command()
@_opt("JUDGE_HOST", "--host")
@_opt("JUDGE_PORT", "--port", type=int)
@click.option("--base-url", envvar=[config.envvar("JUDGE_BASE_URL"), config.envvar("JUDGE_PUBLIC_URL")],
              show_envvar=True, default=None, help=config.BY_NAME["JUDGE_BASE_URL"].doc)
@_opt("JUDGE_FORWARDED_ALLOW_IPS", "--forwarded-allow-ips")
@click.option("--workers", type=click.IntRange(1, 64), default=None,
              help=f"worker processes (default: cores + 1 = {default_workers()})")
@click.option("--threads", type=click.IntRange(1, 64), default=None, help="threads per worker (default 4)")
@click.option("--access-log/--no-access-log", default=False, help="log every request to stderr")
@click.option("--dev", is_flag=True, help="Flask's development server with reloading (never for production)")
def serve(host: str, port: int, base_url: str | None, forwarded_allow_ips: str, workers: int | None,
          threads: int | None, access_log: bool, dev: bool) -> None:
    """Serve the rules in a browser (gunicorn; --dev for Flask's server)."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if dev:
        from judge_app.web import create_app

        app = create_app()
        # the reloader is fine for development; the interactive debugger never runs
        app.run(host=host, port=port, debug=False, use_reloader=True, threaded=True)
        return
    click.echo(f"judge: serving on http://{host}:{port}/", err=True)
    run_gunicorn(gunicorn_options(host, port, workers, threads, access_log, forwarded_allow_ips),
                 default_base_url(host, port, base_url))


def default_base_url(host: str, port: int, base_url: str | None = None) -> dict:
    """Absolute links (citations, canonical) come from JUDGE_BASE_URL (--base-url), never from a
    request's Host header. Unset, a server on a named address links to that address; one on a
    wildcard address cannot know its public name, so its links stay relative (set JUDGE_BASE_URL)."""
    if base_url:
        return {"JUDGE_BASE_URL": base_url.rstrip("/")}
    if host in ("0.0.0.0", "::", ""):
        logging.getLogger(__name__).warning("JUDGE_BASE_URL is not set: links in pages are relative")
        return {}
    name = f"[{host}]" if ":" in host else host
    return {"JUDGE_BASE_URL": f"http://{name}:{port}"}


commands = [serve]
