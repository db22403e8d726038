import { describe, expect, it } from "vitest";
import { outageOf } from "./outage";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
// Drizzle's wrapper: the SQL and its parameters in the message, the driver's error as the cause.
const drizzle = (cause: unknown) =>
  Object.assign(new Error("Failed query: select 1\nparams: secret"), { cause });

describe("outageOf", () => {
  it.each([
    [withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"), "db_unavailable"],
    [drizzle(withCode("read ECONNRESET", "ECONNRESET")), "db_unavailable"],
    [
      drizzle(withCode("terminating connection due to administrator command", "57P01")),
      "db_unavailable",
    ],
    [drizzle(withCode("the database system is starting up", "57P03")), "db_unavailable"],
    [drizzle(withCode("connection failure", "08006")), "db_unavailable"],
    [drizzle(new Error("Connection terminated unexpectedly")), "db_unavailable"],
    [drizzle(new Error("timeout exceeded when trying to connect")), "db_timeout"],
    [drizzle(new Error("Connection terminated due to connection timeout")), "db_timeout"],
    [drizzle(withCode("canceling statement due to statement timeout", "57014")), "db_timeout"],
    [new AggregateError([withCode("x", "ECONNREFUSED")]), "db_unavailable"],
    [Object.assign(new Error("Connection is closed."), { name: "Error" }), "redis_unavailable"],
  ])("recognises %s", (error, code) => {
    expect(outageOf(error)).toBe(code);
  });

  it.each([
    [drizzle(withCode('invalid input syntax for type integer: "x"', "22P02"))],
    [drizzle(withCode("duplicate key value", "23505"))],
    [new Error("boom")],
    [null],
  ])("leaves other errors alone: %s", (error) => {
    expect(outageOf(error)).toBeUndefined();
  });
});
