package console.storagerules;

import com.google.common.collect.ImmutableList;
import com.google.common.util.concurrent.FutureCallback;
import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.ListenableFuture;
import com.google.common.util.concurrent.MoreExecutors;
import com.google.common.util.concurrent.SettableFuture;
import com.google.firebase.rules.lang.CompileResult;
import com.google.firebase.rules.lang.FirebaseRulesProtoCompiler;
import com.google.firebase.rules.lang.common.FirebaseRulesLangOptions;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageCreateContextConverter;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageDeleteContextConverter;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageGetContextConverter;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageListContextConverter;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageService;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageUpdateContextConverter;
import com.google.firebase.rules.runtime.common.EvaluationResult;
import com.google.firebase.rules.runtime.evaluators.AuthRuleEvaluator;
import com.google.firebase.rules.runtime.impl.DefaultEvaluator;
import com.google.firebase.rules.runtime.v1.ExpressionListValue;
import com.google.firebase.rules.runtime.v1.ExpressionMapValue;
import com.google.firebase.rules.runtime.v1.ExpressionPathSegmentValue;
import com.google.firebase.rules.runtime.v1.ExpressionPathValue;
import com.google.firebase.rules.runtime.v1.ExpressionValue;
import com.google.firebase.rules.runtime.v1.RulesetAst;
import com.google.firebase.rules.v1.File;
import com.google.firebase.rules.v1.Issue;
import com.google.firebase.rules.v1.Source;
import com.google.firebase.rules.v1.SourcePosition;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.protobuf.ByteString;
import com.google.protobuf.NullValue;
import com.google.protobuf.TextFormat;
import com.google.protobuf.util.JsonFormat;
import com.google.protobuf.util.Timestamps;
import com.google.type.LatLng;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Base64;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;

/**
 * The Cloud Storage rules runtime that firebase-tools' Storage emulator starts as
 * `java -jar <jar> serve` (STORAGE_EMULATOR_BINARY_PATH), written against the Firebase rules engine
 * that ships inside Google's Firestore emulator jar (Debian package
 * google-cloud-cli-firestore-emulator): firebase-tools would download its own runtime, and this
 * machine is offline. Rules are compiled by FirebaseRulesProtoCompiler and evaluated by
 * DefaultEvaluator through Google's firebase.storage context converters, as in production.
 *
 * <p>Protocol (node_modules/firebase-tools/lib/emulator/storage/rules/runtime.js): one JSON object
 * per line each way. On start we print {"id":-1,"status":"ok"}. Requests carry {id, action,
 * context}: `load_ruleset` {rulesetName, source:{files:[{name,content}]}} answers {result:
 * {rulesVersion}, errors, warnings}; `verify` {rulesetName, service, path, method, delimiter,
 * variables:{request, resource}} (ExpressionValue as proto JSON) answers {result:{permit}}. A rule
 * calling firestore.get/exists makes us ask {server_request_id:id, action, context:{path}}; the
 * emulator answers with {id, status, result:{name, fields}} (a Firestore REST document).
 */
public final class StorageRulesRuntime {
  private final PrintStream out;
  private final Map<String, RulesetAst> rulesets = new ConcurrentHashMap<>();
  // Firestore reads a rule is waiting for, per verify request id: the emulator answers one at a
  // time under the request's own id, so a request's reads are sent one after the other.
  private final Map<Long, Deque<PendingFetch>> fetches = new HashMap<>();
  // Evaluation waits on Firestore reads that only the stdin loop can complete: never on that loop.
  private final ExecutorService evaluators =
      Executors.newCachedThreadPool(
          runnable -> {
            Thread thread = new Thread(runnable, "rules-evaluator");
            thread.setDaemon(true);
            return thread;
          });

  private record PendingFetch(String path, boolean existsOnly, SettableFuture<ExpressionValue> result) {}

  private StorageRulesRuntime(PrintStream out) {
    this.out = out;
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 1 || !args[0].equals("serve")) {
      System.err.println("usage: java -jar storage-rules-runtime.jar serve");
      System.exit(2);
    }
    // The engine logs through java.util.logging; anything on stdout would break the protocol and
    // anything on stderr is shown by firebase-tools as a warning.
    LogManager.getLogManager().reset();
    Logger.getLogger("").setLevel(Level.OFF);
    PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
    System.setOut(System.err);
    new StorageRulesRuntime(protocol).serve();
  }

  private void serve() throws Exception {
    JsonObject ready = new JsonObject();
    ready.addProperty("id", -1);
    ready.addProperty("status", "ok");
    send(ready);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      if (line.isBlank()) continue;
      JsonObject message;
      try {
        message = JsonParser.parseString(line).getAsJsonObject();
      } catch (RuntimeException e) {
        continue;
      }
      long id = message.has("id") ? message.get("id").getAsLong() : -1;
      String action = message.has("action") ? message.get("action").getAsString() : null;
      try {
        if ("load_ruleset".equals(action)) {
          send(loadRuleset(id, message.getAsJsonObject("context")));
        } else if ("verify".equals(action)) {
          JsonObject context = message.getAsJsonObject("context");
          evaluators.execute(() -> verify(id, context));
        } else if (action == null) {
          completeFetch(id, message);
        } else {
          send(failure(id, "unknown action " + action));
        }
      } catch (Exception e) {
        send(failure(id, String.valueOf(e)));
      }
    }
    System.exit(0);
  }

  private synchronized void send(JsonObject message) {
    out.println(message);
  }

  private static JsonObject answer(long id) {
    JsonObject message = new JsonObject();
    message.addProperty("id", id);
    message.addProperty("status", "ok");
    message.add("errors", new JsonArray());
    message.add("warnings", new JsonArray());
    return message;
  }

  private static JsonObject failure(long id, String error) {
    JsonObject message = answer(id);
    message.getAsJsonArray("errors").add(error);
    return message;
  }

  private JsonObject loadRuleset(long id, JsonObject context) {
    String name = context.get("rulesetName").getAsString();
    Source.Builder source = Source.newBuilder();
    for (JsonElement file : context.getAsJsonObject("source").getAsJsonArray("files")) {
      JsonObject f = file.getAsJsonObject();
      source.addFiles(File.newBuilder().setName(f.get("name").getAsString()).setContent(f.get("content").getAsString()));
    }
    // The options Google's Firestore emulator compiles its rules with (EmulatorRulesCompiler).
    CompileResult compiled =
        FirebaseRulesProtoCompiler.createStandalone(FirebaseRulesLangOptions.builder().allowTernaryOperator(true).allowCrossServiceRules(true).build())
            .compile(source);
    JsonObject message = answer(id);
    for (Issue issue : compiled.getIssues()) {
      // firebase-tools reads each issue as the JSON of Google's Java object (field names with '_').
      JsonObject position = new JsonObject();
      SourcePosition at = issue.getSourcePosition();
      position.addProperty("fileName_", at.getFileName());
      position.addProperty("line_", at.getLine());
      position.addProperty("column_", at.getColumn());
      JsonObject item = new JsonObject();
      item.addProperty("description_", issue.getDescription());
      item.add("sourcePosition_", position);
      item.addProperty("severity_", issue.getSeverity().name());
      boolean error = issue.getSeverity() == Issue.Severity.ERROR;
      message.getAsJsonArray(error ? "errors" : "warnings").add(item.toString());
    }
    if (!compiled.hasCompilationError()) {
      RulesetAst ast = compiled.getRulesetAst();
      rulesets.put(name, ast);
      JsonObject result = new JsonObject();
      result.addProperty("rulesVersion", ast.getVersion() == RulesetAst.Version.VERSION_2 ? 2 : 1);
      message.add("result", result);
    } else if (message.getAsJsonArray("errors").isEmpty()) {
      message.getAsJsonArray("errors").add("the rules did not compile");
    }
    return message;
  }

  private void verify(long id, JsonObject context) {
    try {
      RulesetAst ast = rulesets.get(context.get("rulesetName").getAsString());
      if (ast == null) {
        send(failure(id, "unknown ruleset " + context.get("rulesetName")));
        return;
      }
      JsonObject variables = context.getAsJsonObject("variables");
      ExpressionValue request = parseValue(variables.get("request"));
      ExpressionValue resource = variables.has("resource") ? parseValue(variables.get("resource")) : nullValue();
      Context storage = new Context(id, toPath(context.get("path").getAsString()), request.getMapValue(), resource);
      AuthRuleEvaluator.RuleContext ruleContext =
          switch (context.get("method").getAsString()) {
            case "get" -> FirebaseStorageGetContextConverter.convert(storage);
            case "list" -> FirebaseStorageListContextConverter.convert(storage);
            case "create" -> FirebaseStorageCreateContextConverter.convert(storage);
            case "update" -> FirebaseStorageUpdateContextConverter.convert(storage);
            case "delete" -> FirebaseStorageDeleteContextConverter.convert(storage);
            default -> throw new IllegalArgumentException("unknown method " + context.get("method"));
          };
      ListenableFuture<EvaluationResult> result =
          new DefaultEvaluator(ast, ImmutableList.of(), com.google.firebase.rules.runtime.common.EvaluationRestrictions.builder().build())
              .evaluate(ruleContext);
      Futures.addCallback(
          result,
          new FutureCallback<EvaluationResult>() {
            @Override
            public void onSuccess(EvaluationResult evaluation) {
              sendPermit(id, evaluation.permit(), null);
            }

            @Override
            public void onFailure(Throwable error) {
              // An error while evaluating denies, as in production; the reason goes to the log.
              sendPermit(id, false, String.valueOf(error.getMessage()));
            }
          },
          MoreExecutors.directExecutor());
    } catch (Exception e) {
      send(failure(id, String.valueOf(e)));
    }
  }

  private void sendPermit(long id, boolean permit, String warning) {
    JsonObject message = answer(id);
    JsonObject result = new JsonObject();
    result.addProperty("permit", permit);
    message.add("result", result);
    if (warning != null) message.getAsJsonArray("warnings").add(warning);
    send(message);
  }

  private static ExpressionValue parseValue(JsonElement json) throws Exception {
    if (json == null || json.isJsonNull()) return nullValue();
    ExpressionValue.Builder value = ExpressionValue.newBuilder();
    JsonFormat.parser().ignoringUnknownFields().merge(json.toString(), value);
    return value.build();
  }

  private static ExpressionValue nullValue() {
    return ExpressionValue.newBuilder().setNullValue(NullValue.NULL_VALUE).build();
  }

  private static ExpressionPathValue toPath(String path) {
    ExpressionPathValue.Builder value = ExpressionPathValue.newBuilder();
    for (String segment : path.split("/")) {
      if (!segment.isEmpty()) value.addSegments(ExpressionPathSegmentValue.newBuilder().setSimple(segment));
    }
    return value.build();
  }

  private static String fromPath(ExpressionPathValue path) {
    StringBuilder text = new StringBuilder();
    for (ExpressionPathSegmentValue segment : path.getSegmentsList()) text.append('/').append(segment.getSimple());
    return text.toString();
  }

  // --- firestore.get / firestore.exists: a round trip through the Storage emulator -------------

  private ListenableFuture<ExpressionValue> fetch(long id, ExpressionPathValue path, boolean existsOnly) {
    PendingFetch pending = new PendingFetch(fromPath(path), existsOnly, SettableFuture.create());
    boolean sendNow;
    synchronized (fetches) {
      Deque<PendingFetch> queue = fetches.computeIfAbsent(id, k -> new ArrayDeque<>());
      queue.addLast(pending);
      sendNow = queue.size() == 1;
    }
    if (sendNow) askFor(id, pending);
    return pending.result();
  }

  private void askFor(long id, PendingFetch pending) {
    JsonObject message = new JsonObject();
    message.addProperty("server_request_id", id);
    message.addProperty("action", "fetch_firestore_document");
    message.addProperty("status", "ok");
    JsonObject context = new JsonObject();
    context.addProperty("path", pending.path());
    message.add("context", context);
    send(message);
  }

  private void completeFetch(long id, JsonObject message) {
    PendingFetch done;
    PendingFetch next;
    synchronized (fetches) {
      Deque<PendingFetch> queue = fetches.get(id);
      if (queue == null || queue.isEmpty()) return;
      done = queue.removeFirst();
      next = queue.peekFirst();
      if (next == null) fetches.remove(id);
    }
    if (next != null) askFor(id, next);
    boolean found = message.has("status") && "ok".equals(message.get("status").getAsString()) && message.has("result");
    if (done.existsOnly()) {
      done.result().set(ExpressionValue.newBuilder().setBoolValue(found).build());
      return;
    }
    if (!found) {
      done.result().set(nullValue());
      return;
    }
    try {
      done.result().set(firestoreDocument(done.path(), message.getAsJsonObject("result")));
    } catch (Exception e) {
      done.result().setException(e);
    }
  }

  /** A Firestore REST document as rules see it: {__name__, id, data}. */
  private static ExpressionValue firestoreDocument(String path, JsonObject document) throws Exception {
    ExpressionPathValue name = toPath(path);
    JsonObject fields = document.has("fields") ? document.getAsJsonObject("fields") : new JsonObject();
    ExpressionMapValue.Builder data = ExpressionMapValue.newBuilder();
    for (Map.Entry<String, JsonElement> field : fields.entrySet()) data.putFields(field.getKey(), firestoreValue(field.getValue().getAsJsonObject()));
    String id = name.getSegmentsCount() == 0 ? "" : name.getSegments(name.getSegmentsCount() - 1).getSimple();
    return ExpressionValue.newBuilder()
        .setMapValue(
            ExpressionMapValue.newBuilder()
                .putFields("__name__", ExpressionValue.newBuilder().setPathValue(name).build())
                .putFields("id", ExpressionValue.newBuilder().setStringValue(id).build())
                .putFields("data", ExpressionValue.newBuilder().setMapValue(data).build()))
        .build();
  }

  private static ExpressionValue firestoreValue(JsonObject value) throws Exception {
    ExpressionValue.Builder out = ExpressionValue.newBuilder();
    if (value.has("stringValue")) return out.setStringValue(value.get("stringValue").getAsString()).build();
    if (value.has("integerValue")) return out.setIntValue(Long.parseLong(value.get("integerValue").getAsString())).build();
    if (value.has("doubleValue")) return out.setFloatValue(value.get("doubleValue").getAsDouble()).build();
    if (value.has("booleanValue")) return out.setBoolValue(value.get("booleanValue").getAsBoolean()).build();
    if (value.has("timestampValue")) return out.setTimestampValue(Timestamps.parse(value.get("timestampValue").getAsString())).build();
    if (value.has("bytesValue")) return out.setBytesValue(ByteString.copyFrom(Base64.getDecoder().decode(value.get("bytesValue").getAsString()))).build();
    if (value.has("referenceValue")) {
      String reference = value.get("referenceValue").getAsString();
      return out.setPathValue(toPath(reference.replaceFirst("^projects/[^/]+", ""))).build();
    }
    if (value.has("geoPointValue")) {
      JsonObject point = value.getAsJsonObject("geoPointValue");
      double lat = point.has("latitude") ? point.get("latitude").getAsDouble() : 0;
      double lng = point.has("longitude") ? point.get("longitude").getAsDouble() : 0;
      return out.setLatlngValue(LatLng.newBuilder().setLatitude(lat).setLongitude(lng)).build();
    }
    if (value.has("arrayValue")) {
      ExpressionListValue.Builder list = ExpressionListValue.newBuilder();
      JsonObject array = value.getAsJsonObject("arrayValue");
      if (array.has("values")) for (JsonElement item : array.getAsJsonArray("values")) list.addValues(firestoreValue(item.getAsJsonObject()));
      return out.setListValue(list).build();
    }
    if (value.has("mapValue")) {
      ExpressionMapValue.Builder map = ExpressionMapValue.newBuilder();
      JsonObject mapValue = value.getAsJsonObject("mapValue");
      if (mapValue.has("fields")) {
        for (Map.Entry<String, JsonElement> field : mapValue.getAsJsonObject("fields").entrySet()) {
          map.putFields(field.getKey(), firestoreValue(field.getValue().getAsJsonObject()));
        }
      }
      return out.setMapValue(map).build();
    }
    return nullValue();
  }

  /** One storage request as Google's context converters expect it (every operation kind). */
  private final class Context
      implements FirebaseStorageService.FirebaseStorageCreateContext,
          FirebaseStorageService.FirebaseStorageGetContext,
          FirebaseStorageService.FirebaseStorageUpdateContext,
          FirebaseStorageService.FirebaseStorageDeleteContext,
          FirebaseStorageService.FirebaseStorageListContext {
    private final long id;
    private final ExpressionPathValue path;
    private final ExpressionMapValue request;
    private final ExpressionValue resource;

    Context(long id, ExpressionPathValue path, ExpressionMapValue request, ExpressionValue resource) {
      this.id = id;
      this.path = path;
      this.request = request;
      this.resource = resource;
    }

    @Override
    public ExpressionPathValue path() {
      return path;
    }

    @Override
    public ExpressionMapValue request() {
      return request;
    }

    @Override
    public ListenableFuture<ExpressionValue> resource() {
      return Futures.immediateFuture(resource);
    }

    @Override
    public ExpressionValue debug(ExpressionValue value) {
      // A line that is not JSON: firebase-tools shows it in the emulator log as information.
      synchronized (StorageRulesRuntime.this) {
        out.println("debug(): " + TextFormat.shortDebugString(value));
      }
      return value;
    }

    @Override
    public ListenableFuture<ExpressionValue> firestoreGet(ExpressionPathValue document, SourcePosition at) {
      return fetch(id, document, false);
    }

    @Override
    public ListenableFuture<ExpressionValue> firestoreExists(ExpressionPathValue document, SourcePosition at) {
      return fetch(id, document, true);
    }
  }
}
