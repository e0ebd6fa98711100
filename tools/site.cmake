# Writes the static site (issue 25): the board's page with the solver in
# WebAssembly, for any static web server, nothing asked of another origin.
#   cmake -DWEB=tools/scarney/web -DWASM_SRC=wasm -DWASM=build/wasm/scarney.wasm
#         -DBOOK=build/book.json -DNET=build/value-nets.txt -DPROOF=build/proof-top.json
#         -DGLOSSARY=docs/glossary.md -DOUT=build/site -P tools/site.cmake
# (book.json: `scarney serve --book-json`, the book verified natively;
# value-nets.txt: `scarney serve --value-net`, the learned evaluations;
# proof-top.json: `scarney serve --proof-json`, the High-Low proof's top,
# no positions while it is not complete).
# (the `site` target of the main build runs it).
file(REMOVE_RECURSE "${OUT}.tmp")
file(MAKE_DIRECTORY "${OUT}.tmp")
file(GLOB web_files "${WEB}/*")
file(COPY ${web_files} "${GLOSSARY}" DESTINATION "${OUT}.tmp")
file(COPY "${WASM_SRC}/engine.js" "${WASM_SRC}/worker.js" "${WASM}" "${BOOK}" "${NET}" "${PROOF}"
     DESTINATION "${OUT}.tmp")
# The page asks the worker, not a server.
file(READ "${OUT}.tmp/index.html" page)
string(REPLACE "<meta name=\"scarney-engine\" content=\"server\">"
               "<meta name=\"scarney-engine\" content=\"wasm\">" site_page "${page}")
if(site_page STREQUAL page)
  message(FATAL_ERROR "site.cmake: index.html has no scarney-engine meta tag")
endif()
file(WRITE "${OUT}.tmp/index.html" "${site_page}")
# The service worker, with the site's files and their hash as its version.
file(GLOB site_files RELATIVE "${OUT}.tmp" "${OUT}.tmp/*")
list(SORT site_files)
set(listed "")
set(all "")
foreach(f ${site_files})
  string(APPEND listed "'${f}', ")
  file(SHA256 "${OUT}.tmp/${f}" h)
  string(APPEND all "${f}${h}")
endforeach()
string(SHA256 version "${all}")
string(SUBSTRING "${version}" 0 16 version)
file(READ "${WASM_SRC}/sw.js" sw)
string(REPLACE "/*FILES*/" "${listed}" sw "${sw}")
string(REPLACE "/*VERSION*/" "${version}" sw "${sw}")
file(WRITE "${OUT}.tmp/sw.js" "${sw}")
file(REMOVE_RECURSE "${OUT}")
file(RENAME "${OUT}.tmp" "${OUT}")
