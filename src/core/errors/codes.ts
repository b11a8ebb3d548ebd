/**
 * The gateway's own error codes (spec "Errors") and what each means to a caller: the error class it
 * becomes, whether repeating the request can help, and the HTTP status it most plausibly travels with
 * (the spec never says; the mock gateway answers with it). The vidgen (Kling-style) business codes live
 * here too, because a vidgen envelope carries nothing but the code and a message.
 */
import {
  type APIError,
  type APIErrorInit,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServiceUnavailableError,
  UpstreamTimeoutError,
} from "./errors.js";

/** A constructor of an APIError subclass: what a gateway code maps to (CodeInfo.error). */
export type APIErrorClass = new (message: string, init?: APIErrorInit) => APIError;

/** One documented flavour of a code, told apart only by the server's message text. */
export interface CodeVariant {
  id: string;
  meaning: string;
}

/** A variant of a code and the message fragments that tell it apart. */
export interface VariantRule extends CodeVariant {
  /** Lower-case English and Chinese fragments; the first rule with a fragment in the message wins. */
  keywords: readonly string[];
}

/** What the spec says of one gateway code: its meaning, error class, HTTP status, whether it can heal. */
export interface CodeInfo {
  meaning: string;
  error: APIErrorClass;
  /** Whether the same request can succeed later. The retry policy still decides whether it is safe. */
  retryable: boolean;
  status: number;
  variants?: readonly VariantRule[];
}

const info = (
  meaning: string,
  error: APIErrorClass,
  status: number,
  retryable = false,
  variants?: readonly VariantRule[],
): CodeInfo => ({ meaning, error, status, retryable, ...(variants ? { variants } : {}) });

/** System-level codes, exactly as in the spec table (there are no 10006, 10010, 10015-10019). */
export const SYSTEM_CODES: Readonly<Record<number, CodeInfo>> = {
  10001: info("Wrong request key", AuthenticationError, 401),
  10002: info("Key has no request permission", PermissionDeniedError, 403),
  10003: info("Key expired", AuthenticationError, 401),
  10004: info("Wrong OPENID", AuthenticationError, 401),
  10005: info("Application not reviewed in time, submit authentication", AuthenticationError, 401),
  10007: info("Unknown request source", AuthenticationError, 401),
  10008: info("Banned IP", PermissionDeniedError, 403),
  10009: info("Banned key", AuthenticationError, 401),
  10011: info("Current IP exceeded request limit", RateLimitError, 429, true),
  10012: info("Request count limit exceeded", RateLimitError, 429, true),
  10013: info("Test key exceeded request limit", RateLimitError, 429, true),
  10014: info(
    "Internal system error (for recharge-type operations, contact support or check the order through the order query to avoid loss)",
    InternalServerError,
    500,
    true,
  ),
  10020: info("Interface under maintenance", ServiceUnavailableError, 503, true),
  // Disabled is a decision, not an outage: waiting does not bring it back.
  10021: info("Interface disabled", ServiceUnavailableError, 503),
};

/**
 * Service-level codes the spec names. 221303 is not retryable even in its "retry later" flavour:
 * repeated failures get the card restricted for the day, so only a person should try again.
 */
export const SERVICE_CODES: Readonly<Record<number, CodeInfo>> = {
  221301: info("Data source timeout", UpstreamTimeoutError, 504, true),
  221303: info("Authentication failed", AuthenticationError, 401, false, [
    {
      id: "card_restricted",
      meaning: "Card restricted after several consecutive failures in one day; it recovers the next day",
      keywords: [
        "restrict",
        "consecutive",
        "next day",
        "tomorrow",
        "限制",
        "连续",
        "次日",
        "明日",
        "当日",
        "当天",
      ],
    },
    {
      id: "retry_later",
      meaning: "Failed, retry later",
      keywords: ["later", "retry", "try again", "稍后", "重试", "再试"],
    },
  ]),
  221306: info("Parameter error", BadRequestError, 400, false, [
    // "Too frequent" first: its message also names the bank card.
    {
      id: "too_frequent",
      meaning: "Requests for the same bank card too frequent",
      keywords: ["frequent", "too many", "频繁", "过多"],
    },
    {
      id: "bank_card",
      meaning: "Bank card number format wrong",
      keywords: ["bank card", "card number", "card no", "银行卡", "卡号"],
    },
    {
      id: "id_number",
      meaning: "ID number format wrong",
      keywords: ["id number", "id card", "identity", "id no", "身份证", "证件"],
    },
    { id: "phone", meaning: "Phone number format wrong", keywords: ["phone", "mobile", "手机", "电话"] },
    // Last: "name" is a fragment of many words.
    { id: "name", meaning: "Name format wrong", keywords: ["name", "姓名", "名字"] },
  ]),
};

/** Vidgen business codes (the Kling API table, which the vidgen routes relay), classed by meaning. */
export const VIDGEN_CODES: Readonly<Record<number, CodeInfo>> = {
  1000: info("Authentication failed", AuthenticationError, 401),
  1001: info("Authorization is empty", AuthenticationError, 401),
  1002: info("Authorization is invalid", AuthenticationError, 401),
  1003: info("Authorization is not valid yet", AuthenticationError, 401),
  1004: info("Authorization has expired", AuthenticationError, 401),
  // Account problems come with HTTP 429 upstream, but waiting never fixes arrears.
  1100: info("Account exception", PermissionDeniedError, 429),
  1101: info("Account in arrears", PermissionDeniedError, 429),
  1102: info("Resource package used up or expired", PermissionDeniedError, 429),
  1103: info("No permission for the requested resource (interface or model)", PermissionDeniedError, 403),
  1200: info("Invalid request parameters", BadRequestError, 400),
  1201: info("Invalid parameter (wrong key or value)", BadRequestError, 400),
  1202: info("Invalid request method", NotFoundError, 404),
  1203: info("Requested resource does not exist (e.g. the model)", NotFoundError, 404),
  1300: info("Platform policy triggered", BadRequestError, 400),
  1301: info("Content safety policy triggered", BadRequestError, 400),
  1302: info("Requests too fast: platform rate limit exceeded", RateLimitError, 429, true),
  1303: info("Concurrency or QPS over the resource package limit", RateLimitError, 429, true),
  1304: info("IP allow-list policy triggered", PermissionDeniedError, 429),
  5000: info("Server internal error", InternalServerError, 500, true),
  5001: info("Service temporarily unavailable (usually maintenance)", ServiceUnavailableError, 503, true),
  5002: info("Server internal timeout (usually a backlog)", UpstreamTimeoutError, 504, true),
};

/** Which of the spec's code tables a code belongs to. */
export type CodeLevel = "system" | "service" | "vidgen" | "unknown";

/** A code taken apart (`describeCode`): its table, its 6-digit module and specific digits, its meaning. */
export interface CodeDescription {
  code: number;
  level: CodeLevel;
  /** The 3-digit module (data id) of a 6-digit code. */
  module?: string;
  /** The last 2 digits of a 6-digit code. */
  specific?: string;
  meaning: string;
  /** Present when a message was given and it names one of the code's documented variants. */
  variant?: CodeVariant;
}

const own = (table: Readonly<Record<number, CodeInfo>>, code: number) =>
  Object.hasOwn(table, code) ? table[code] : undefined;

/** The table entry for a code, if any table knows it. */
export function lookupCode(code: number): CodeInfo | undefined {
  return own(SYSTEM_CODES, code) ?? own(SERVICE_CODES, code) ?? own(VIDGEN_CODES, code);
}

/** The variant of `code` that `message` names, by keyword; undefined when none matches. */
export function matchVariant(code: number, message: string | undefined): CodeVariant | undefined {
  const rules = lookupCode(code)?.variants;
  if (!rules || !message) return undefined;
  const text = message.toLowerCase();
  const rule = rules.find((r) => r.keywords.some((k) => text.includes(k)));
  return rule && { id: rule.id, meaning: rule.meaning };
}

/**
 * Explains any number. 6-digit codes are read by their structure (spec: 1 digit level, 1 = system,
 * 2 = service; 3 digits module; 2 digits specific error), so an unlisted code still says where it
 * came from. The listed system codes are 5 digits and do not follow that structure, so a 5-digit
 * code starting with 1 is system level without a module.
 */
export function describeCode(code: number, message?: string): CodeDescription {
  const known = lookupCode(code);
  const variant = matchVariant(code, message);
  const extra = variant ? { variant } : {};
  if (Number.isSafeInteger(code) && code >= 100_000 && code <= 299_999) {
    const digits = String(code);
    const level = digits[0] === "1" ? "system" : "service";
    const module = digits.slice(1, 4);
    const specific = digits.slice(4);
    const meaning =
      known?.meaning ??
      `${level === "system" ? "System" : "Service"}-level error ${specific} in module ${module}`;
    return { code, level, module, specific, meaning, ...extra };
  }
  if (Number.isSafeInteger(code) && code >= 10_000 && code <= 19_999) {
    return {
      code,
      level: "system",
      meaning: known?.meaning ?? "System-level error not in the gateway's table",
    };
  }
  if (known) return { code, level: "vidgen", meaning: known.meaning, ...extra };
  return { code, level: "unknown", meaning: "Not a known gateway error code" };
}

/** True for numbers shaped like the gateway's system or service codes (not vidgen or HTTP codes). */
export function isGatewayCode(code: number): boolean {
  return (
    Number.isSafeInteger(code) && ((code >= 10_000 && code <= 19_999) || (code >= 100_000 && code <= 299_999))
  );
}
