-- pandoc filter for delve's man pages (scripts/man.sh): the docs are written for a
-- browser, a man page is text. Images go (a man page cannot show them), links keep their
-- text (relative paths mean nothing once installed), and a table with long cells becomes
-- a definition list (first cell the term, the others its text), which reads in 80 columns
-- where a three-column tbl table would be a column of words each.

function Image(el)
  return {}
end

function Link(el)
  return el.content
end

local function long_cells(rows)
  for _, row in ipairs(rows) do
    for _, cell in ipairs(row.cells) do
      if #pandoc.utils.stringify(cell.contents) > 60 then
        return true
      end
    end
  end
  return false
end

function Table(el)
  local rows = {}
  for _, body in ipairs(el.bodies) do
    for _, row in ipairs(body.body) do
      table.insert(rows, row)
    end
  end
  if not long_cells(rows) then
    -- pandoc sizes a table to 72 columns; the page's indent leaves fewer
    for i, spec in ipairs(el.colspecs) do
      if type(spec[2]) == "number" and spec[2] > 0 then
        el.colspecs[i] = { spec[1], spec[2] * 0.8 }
      end
    end
    return el
  end
  local heads = {}
  if #el.head.rows > 0 then
    for i, cell in ipairs(el.head.rows[1].cells) do
      heads[i] = pandoc.utils.stringify(cell.contents)
    end
  end
  local items = {}
  for _, row in ipairs(rows) do
    -- a pipe table's \| is a | in a man page's term
    local term = pandoc.utils.stringify(row.cells[1].contents):gsub("\\|", "|")
    local text = {}
    local n = #row.cells
    for i = n, 2, -1 do -- the last cell (the meaning) first, then the others named
      local blocks = row.cells[i].contents
      if i < n and heads[i] and heads[i] ~= "" then
        local inl = { pandoc.Emph(pandoc.Str(heads[i] .. ":")), pandoc.Space() }
        for _, b in ipairs(blocks) do
          if b.content then
            for _, x in ipairs(b.content) do table.insert(inl, x) end
          end
        end
        table.insert(text, pandoc.Para(inl))
      else
        for _, b in ipairs(blocks) do table.insert(text, b) end
      end
    end
    table.insert(items, { { pandoc.Code(term) }, { text } })
  end
  return pandoc.DefinitionList(items)
end
