"""JupyterLab's settings for the lessons (`make lab` and the browser tests load this file).

A lesson opened in JupyterLab must not be marked modified when nobody has changed it, or
closing it asks to save. JupyterLab writes what the kernel reports about itself into the open
notebook (the kernel's name and the language's details, its Python version too), and a
notebook whose stored details differ is then marked modified. The lessons are stored with
the kernel's name as ipykernel reports it, but their Python version is the one that ran them
here; so when JupyterLab opens a lesson, this file fills in the version of the Python that
runs the server (the same Python as the kernel's, in the project's `.venv`). The file on disk
is unchanged until the student saves.

It also keeps the teacher's grading tools out of the lessons' JupyterLab. nbgrader (the
`grading` extra, which `make test` installs into the same `.venv`) enables its server and
JupyterLab extensions when it is installed: an Assignments list, a Formgrader, a Courses list
and a Validate button, for a course that the lessons opened here are not part of. This file
switches them off for `make lab`; a school's JupyterHub, which runs the course, keeps them.
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

NBGRADER_SERVER_EXTENSIONS = [
    "nbgrader.server_extensions.formgrader",
    "nbgrader.server_extensions.validate_assignment",
    "nbgrader.server_extensions.assignment_list",
    "nbgrader.server_extensions.course_list",
]
NBGRADER_LAB_EXTENSION = "@jupyter/nbgrader"


def without_nbgrader(handler, page_config):
    """JupyterLab's page config with nbgrader's JupyterLab extension disabled."""
    disabled = page_config.setdefault("disabledExtensions", [])
    if NBGRADER_LAB_EXTENSION not in disabled:
        disabled.append(NBGRADER_LAB_EXTENSION)
    return page_config


# (`update`, not `=`: the other extensions' settings, JupyterLab's own among them, stay)
c.ServerApp.jpserver_extensions.update(dict.fromkeys(NBGRADER_SERVER_EXTENSIONS, False))
c.ServerApp.tornado_settings.update({"page_config_hook": without_nbgrader})
