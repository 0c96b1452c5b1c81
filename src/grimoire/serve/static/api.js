// The API page (/api/docs): each address of /api/openapi.json with its parameters and body, drawn here so the
// page needs nothing from outside the server (FastAPI's Swagger UI came from a CDN, and was blank offline).
"use strict";

const routesBox = document.getElementById("api-routes");

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function resolved(schema, spec) {
  const ref = schema && schema.$ref;
  return ref ? spec.components.schemas[ref.split("/").pop()] : schema || {};
}

function typeOf(schema, spec) {
  const shown = resolved(schema, spec);
  if (shown.anyOf) return shown.anyOf.map((part) => typeOf(part, spec)).join(" or ");
  if (shown.type === "array") return `list of ${typeOf(shown.items, spec)}`;
  return shown.type || "any";
}

function table(rows) {
  const grid = element("table");
  const head = grid.insertRow();
  for (const title of ["name", "in", "type", "required", "default"]) head.appendChild(element("th", title));
  for (const row of rows) {
    const line = grid.insertRow();
    row.forEach((cell, index) => line.insertCell().appendChild(element(index ? "span" : "code", cell)));
  }
  return grid;
}

function routeBlock(path, method, operation, spec) {
  const block = element("section", undefined, "route");
  const title = element("h2");
  title.append(element("span", method.toUpperCase(), "method"), path);
  block.appendChild(title);
  if (operation.summary) block.appendChild(element("p", operation.summary, "muted"));
  const rows = (operation.parameters || []).map((param) => [
    param.name, param.in, typeOf(param.schema, spec), param.required ? "yes" : "no",
    param.schema && "default" in param.schema ? JSON.stringify(param.schema.default) : ""]);
  const body = operation.requestBody && resolved(operation.requestBody.content["application/json"].schema, spec);
  for (const [name, field] of Object.entries((body && body.properties) || {})) {
    rows.push([name, "body", typeOf(field, spec), (body.required || []).includes(name) ? "yes" : "no",
               "default" in field ? JSON.stringify(field.default) : ""]);
  }
  if (rows.length) block.appendChild(table(rows));
  return block;
}

fetch("/api/openapi.json")
  .then((answer) => answer.json())
  .then((spec) => {
    routesBox.replaceChildren();
    for (const [path, methods] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        routesBox.appendChild(routeBlock(path, method, operation, spec));
      }
    }
  })
  .catch((error) => { routesBox.replaceChildren(element("p", `The API schema could not be read: ${error}`)); });
