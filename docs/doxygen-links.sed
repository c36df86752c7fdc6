# Doxygen's input filter for the site's Markdown pages (docs/Doxyfile.in, FILTER_PATTERNS): a link
# to a labelled place of another page, [text](page.md#label), works on GitHub but Doxygen keeps
# it as a link to the .md file; for the labels the pages set themselves ({#design-...},
# {#solutions-...}, {#decisions-...}, and decisions.md's <a id="decision-N"> rows) it becomes
# [text](@ref label), a link inside the site. A label that does not exist is then a Doxygen
# warning, which fails the docs build.
s/\]\(([A-Za-z0-9_./-]*\/)?[A-Za-z0-9_]+\.md#((decision|decisions|design|solutions)-[a-z0-9-]+)\)/](@ref \2)/g
