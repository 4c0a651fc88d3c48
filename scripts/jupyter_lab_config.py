"""JupyterLab's settings for the lessons (`make lab` and the browser tests load this file).

A lesson opened in JupyterLab must not be marked modified when nobody has changed it, or
closing it asks to save. JupyterLab writes what the kernel reports about itself into the open
notebook (the kernel's name and the language's details, its Python version too), and a
notebook whose stored details differ is then marked modified. The lessons are stored with
the kernel's name as ipykernel reports it, but their Python version is the one that ran them
here; so when JupyterLab opens a lesson, this file fills in the version of the Python that
runs the server (the same Python as the kernel's, in the project's `.venv`). The file on disk
is unchanged until the student saves.
"""

import sys

from jupyter_server.services.contents.largefilemanager import AsyncLargeFileManager

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (Jupyter's config loader)


class LessonContents(AsyncLargeFileManager):  # type: ignore[misc]
    """Notebooks as stored, with `language_info.version` the running Python's."""

    async def get(self, path, content=True, type=None, format=None, **options):
        model = await super().get(path, content=content, type=type, format=format, **options)
        if content and model["type"] == "notebook":
            language = model["content"].metadata.get("language_info", {})
            if language.get("name") == "python" and "version" in language:
                language["version"] = sys.version.split()[0]  # as ipykernel reports it
        return model


c.ServerApp.contents_manager_class = LessonContents
