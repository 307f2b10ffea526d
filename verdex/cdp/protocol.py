"""The CDP commands and events verdex uses, typed: one table, checked by mypy, free at run time.

Every command verdex sends is a :class:`Command` (parameters and result as ``TypedDict``\\ s) and
every event it listens to an :class:`Event` (its ``params`` as a ``TypedDict``), grouped by domain
as the protocol groups them::

    result = await session.send(Page.navigate({"url": url}))     # result: PageNavigateResult
    session.on(Page.frameNavigated, handler)                       # handler(params: PageFrameNavigated)

Only the fields verdex reads or sends are declared; the browser may send more, and an event or
answer from a newer Chromium with fields or enum values this table does not know is handled like
any other (a ``TypedDict`` is a plain dict at run time: nothing is parsed, nothing can fail to
parse). Source: the DevTools protocol (https://chromedevtools.github.io/devtools-protocol/, tip of
tree, as Chromium 156 serves it at ``/json/protocol``).

Why not the ``mycdp`` package the design first chose: importing it costs 90-100 ms (every domain,
about 12% of the 0.8 s cold-start target), each typed event is parsed into dataclasses (3.3 µs per
``Page.frameNavigated``) and fails to parse on an enum value newer than its protocol revision, and
its generator-based commands carry no checked parameter dictionaries. The ~60 commands and events
below are the whole surface verdex drives. See docs/ARCHITECTURE.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Literal, NotRequired, TypedDict, TypeVar

__all__ = [
    "DOM",
    "Browser",
    "Command",
    "Command0",
    "Emulation",
    "Event",
    "Fetch",
    "Input",
    "Inspector",
    "Network",
    "Page",
    "Request",
    "Runtime",
    "Security",
    "Storage",
    "Target",
    "untyped",
]

P = TypeVar("P")
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Request(Generic[R]):
    """One command with its parameters, ready for :meth:`verdex.cdp.connection.CDPSession.send`,
    which answers ``R``."""

    method: str
    params: Any = None


class Command(Generic[P, R]):
    """A CDP command that takes parameters ``P`` and answers ``R``: ``Page.navigate({"url": url})``
    is the :class:`Request` to send.

    Attributes:
        method: its protocol name, e.g. ``"Page.navigate"``.
    """

    __slots__ = ("method",)

    def __init__(self, method: str) -> None:
        self.method = method

    def __call__(self, params: P) -> Request[R]:
        return Request(self.method, params)

    def __repr__(self) -> str:
        return f"Command({self.method!r})"


class Command0(Generic[R]):
    """A CDP command without parameters that answers ``R``: ``Page.enable()``."""

    __slots__ = ("method",)

    def __init__(self, method: str) -> None:
        self.method = method

    def __call__(self) -> Request[R]:
        return Request(self.method)

    def __repr__(self) -> str:
        return f"Command0({self.method!r})"


class Event(Generic[P]):
    """A CDP event whose ``params`` are ``P``."""

    __slots__ = ("method",)

    def __init__(self, method: str) -> None:
        self.method = method

    def __repr__(self) -> str:
        return f"Event({self.method!r})"


class Empty(TypedDict):
    """An empty object (most commands' answer)."""


# -- shared types ------------------------------------------------------------------------------


class RemoteObject(TypedDict, total=False):
    """``Runtime.RemoteObject``: ``value`` with ``returnByValue``, else ``objectId``."""

    type: str
    subtype: str
    value: Any
    objectId: str
    description: str


class ExceptionDetails(TypedDict, total=False):
    """``Runtime.ExceptionDetails``."""

    text: str
    exception: RemoteObject


class CallArgument(TypedDict, total=False):
    """``Runtime.CallArgument``: a JSON ``value`` or a remote object by ``objectId``."""

    value: Any
    objectId: str


class EvaluateResult(TypedDict):
    """The answer of ``Runtime.evaluate`` and ``Runtime.callFunctionOn``."""

    result: RemoteObject
    exceptionDetails: NotRequired[ExceptionDetails]


class TargetInfo(TypedDict, total=False):
    """``Target.TargetInfo``."""

    targetId: str
    type: str
    title: str
    url: str
    attached: bool
    openerId: str
    browserContextId: str


class TargetFilterEntry(TypedDict, total=False):
    type: str
    exclude: bool


class FrameInfo(TypedDict, total=False):
    """``Page.Frame``."""

    id: str
    parentId: str
    loaderId: str
    url: str
    urlFragment: str


class FrameTree(TypedDict, total=False):
    """``Page.FrameTree``."""

    frame: FrameInfo
    childFrames: list[FrameTree]


class CookieParam(TypedDict, total=False):
    """``Network.CookieParam``."""

    name: str
    value: str
    url: str
    domain: str
    path: str
    secure: bool
    httpOnly: bool
    sameSite: str
    expires: float
    partitionKey: Any


class Cookie(TypedDict, total=False):
    """``Network.Cookie``."""

    name: str
    value: str
    domain: str
    path: str
    expires: float
    httpOnly: bool
    secure: bool
    session: bool
    sameSite: str
    partitionKey: Any


class HeaderEntry(TypedDict):
    name: str
    value: str


class RequestPattern(TypedDict, total=False):
    urlPattern: str
    resourceType: str
    requestStage: str


class NetworkRequest(TypedDict, total=False):
    """``Network.Request`` (the fields verdex reads)."""

    url: str
    method: str
    headers: dict[str, str]


class NetworkResponse(TypedDict, total=False):
    """``Network.Response`` (the fields verdex reads)."""

    url: str
    status: int
    statusText: str


class NavigationEntry(TypedDict):
    id: int
    url: str


class Viewport(TypedDict, total=False):
    """``Page.Viewport``: a clip rectangle in CSS pixels."""

    x: float
    y: float
    width: float
    height: float
    scale: float


class VisualViewport(TypedDict, total=False):
    """``Page.VisualViewport`` (CSS pixels)."""

    offsetX: float
    offsetY: float
    pageX: float
    pageY: float
    clientWidth: float
    clientHeight: float


class Node(TypedDict, total=False):
    """``DOM.Node`` (the fields verdex reads)."""

    nodeId: int
    backendNodeId: int
    localName: str
    frameId: str
    shadowRoots: list[Node]
    shadowRootType: str


class ExecutionContextDescription(TypedDict, total=False):
    id: int
    name: str
    origin: str
    auxData: dict[str, Any]


# -- Browser -----------------------------------------------------------------------------------


class BrowserGetVersionResult(TypedDict):
    protocolVersion: str
    product: str
    userAgent: str


class BrowserSetDownloadBehaviorParams(TypedDict, total=False):
    behavior: str
    browserContextId: str
    downloadPath: str
    eventsEnabled: bool


class BrowserDownloadWillBegin(TypedDict, total=False):
    frameId: str
    guid: str
    url: str
    suggestedFilename: str


class BrowserDownloadProgress(TypedDict, total=False):
    guid: str
    totalBytes: float
    receivedBytes: float
    state: str


class Browser:
    """The ``Browser`` domain."""

    getVersion = Command0[BrowserGetVersionResult]("Browser.getVersion")
    close = Command0[Empty]("Browser.close")
    setDownloadBehavior = Command[BrowserSetDownloadBehaviorParams, Empty]("Browser.setDownloadBehavior")
    downloadWillBegin = Event[BrowserDownloadWillBegin]("Browser.downloadWillBegin")
    downloadProgress = Event[BrowserDownloadProgress]("Browser.downloadProgress")


# -- DOM ---------------------------------------------------------------------------------------


class DOMDescribeNodeParams(TypedDict, total=False):
    objectId: str
    backendNodeId: int
    depth: int
    pierce: bool


class DOMDescribeNodeResult(TypedDict):
    node: Node


class DOMGetFrameOwnerParams(TypedDict):
    frameId: str


class DOMGetFrameOwnerResult(TypedDict):
    backendNodeId: int
    nodeId: NotRequired[int]


class DOMResolveNodeParams(TypedDict, total=False):
    backendNodeId: int
    executionContextId: int
    objectGroup: str


class DOMResolveNodeResult(TypedDict):
    object: RemoteObject


class DOMGetDocumentParams(TypedDict, total=False):
    depth: int
    pierce: bool


class DOMGetDocumentResult(TypedDict):
    root: Node


class DOMGetOuterHTMLParams(TypedDict, total=False):
    nodeId: int
    backendNodeId: int
    objectId: str


class DOMGetOuterHTMLResult(TypedDict):
    outerHTML: str


class DOM:
    """The ``DOM`` domain."""

    describeNode = Command[DOMDescribeNodeParams, DOMDescribeNodeResult]("DOM.describeNode")
    getFrameOwner = Command[DOMGetFrameOwnerParams, DOMGetFrameOwnerResult]("DOM.getFrameOwner")
    resolveNode = Command[DOMResolveNodeParams, DOMResolveNodeResult]("DOM.resolveNode")
    getDocument = Command[DOMGetDocumentParams, DOMGetDocumentResult]("DOM.getDocument")
    getOuterHTML = Command[DOMGetOuterHTMLParams, DOMGetOuterHTMLResult]("DOM.getOuterHTML")


# -- Emulation ---------------------------------------------------------------------------------


class ScreenOrientation(TypedDict):
    type: Literal["portraitPrimary", "portraitSecondary", "landscapePrimary", "landscapeSecondary"]
    angle: int


class EmulationSetDeviceMetricsOverrideParams(TypedDict):
    width: int
    height: int
    deviceScaleFactor: float
    mobile: bool
    screenWidth: NotRequired[int]
    screenHeight: NotRequired[int]
    screenOrientation: NotRequired[ScreenOrientation]


class EmulationSetUserAgentOverrideParams(TypedDict, total=False):
    userAgent: str
    acceptLanguage: str
    platform: str


class EmulationSetTouchEmulationEnabledParams(TypedDict, total=False):
    enabled: bool
    maxTouchPoints: int


class Emulation:
    """The ``Emulation`` domain."""

    setDeviceMetricsOverride = Command[EmulationSetDeviceMetricsOverrideParams, Empty](
        "Emulation.setDeviceMetricsOverride"
    )
    setUserAgentOverride = Command[EmulationSetUserAgentOverrideParams, Empty]("Emulation.setUserAgentOverride")
    setTouchEmulationEnabled = Command[EmulationSetTouchEmulationEnabledParams, Empty](
        "Emulation.setTouchEmulationEnabled"
    )


# -- Fetch -------------------------------------------------------------------------------------


class FetchEnableParams(TypedDict, total=False):
    patterns: list[RequestPattern]


class FetchContinueRequestParams(TypedDict):
    requestId: str


class FetchFailRequestParams(TypedDict):
    requestId: str
    errorReason: str


class FetchFulfillRequestParams(TypedDict, total=False):
    requestId: str
    responseCode: int
    responseHeaders: list[HeaderEntry]
    body: str


class FetchRequestPaused(TypedDict, total=False):
    requestId: str
    request: NetworkRequest
    frameId: str
    resourceType: str
    redirectedRequestId: str


class Fetch:
    """The ``Fetch`` domain."""

    enable = Command[FetchEnableParams, Empty]("Fetch.enable")
    continueRequest = Command[FetchContinueRequestParams, Empty]("Fetch.continueRequest")
    failRequest = Command[FetchFailRequestParams, Empty]("Fetch.failRequest")
    fulfillRequest = Command[FetchFulfillRequestParams, Empty]("Fetch.fulfillRequest")
    requestPaused = Event[FetchRequestPaused]("Fetch.requestPaused")


# -- Input -------------------------------------------------------------------------------------


class InputDispatchKeyEventParams(TypedDict, total=False):
    type: Literal["keyDown", "keyUp", "rawKeyDown", "char"]
    modifiers: int
    text: str
    unmodifiedText: str
    code: str
    key: str
    windowsVirtualKeyCode: int
    location: int


class InputDispatchMouseEventParams(TypedDict, total=False):
    type: Literal["mousePressed", "mouseReleased", "mouseMoved", "mouseWheel"]
    x: float
    y: float
    modifiers: int
    button: Literal["none", "left", "middle", "right", "back", "forward"]
    buttons: int
    clickCount: int


class InputInsertTextParams(TypedDict):
    text: str


class Input:
    """The ``Input`` domain."""

    dispatchKeyEvent = Command[InputDispatchKeyEventParams, Empty]("Input.dispatchKeyEvent")
    dispatchMouseEvent = Command[InputDispatchMouseEventParams, Empty]("Input.dispatchMouseEvent")
    insertText = Command[InputInsertTextParams, Empty]("Input.insertText")


# -- Inspector ---------------------------------------------------------------------------------


class Inspector:
    """The ``Inspector`` domain."""

    targetCrashed = Event[Empty]("Inspector.targetCrashed")


# -- Network -----------------------------------------------------------------------------------


class NetworkRequestWillBeSent(TypedDict, total=False):
    requestId: str
    loaderId: str
    frameId: str
    type: str
    request: NetworkRequest


class NetworkResponseReceived(TypedDict, total=False):
    requestId: str
    loaderId: str
    frameId: str
    type: str
    response: NetworkResponse


class NetworkLoadingFinished(TypedDict, total=False):
    requestId: str


class NetworkLoadingFailed(TypedDict, total=False):
    requestId: str
    errorText: str
    canceled: bool


class Network:
    """The ``Network`` domain."""

    enable = Command0[Empty]("Network.enable")
    requestWillBeSent = Event[NetworkRequestWillBeSent]("Network.requestWillBeSent")
    responseReceived = Event[NetworkResponseReceived]("Network.responseReceived")
    loadingFinished = Event[NetworkLoadingFinished]("Network.loadingFinished")
    loadingFailed = Event[NetworkLoadingFailed]("Network.loadingFailed")


# -- Page --------------------------------------------------------------------------------------


class PageNavigateParams(TypedDict, total=False):
    url: str
    frameId: str


class PageNavigateResult(TypedDict):
    frameId: str
    loaderId: NotRequired[str]
    errorText: NotRequired[str]


class PageGetNavigationHistoryResult(TypedDict):
    currentIndex: int
    entries: list[NavigationEntry]


class PageNavigateToHistoryEntryParams(TypedDict):
    entryId: int


class PageCreateIsolatedWorldParams(TypedDict, total=False):
    frameId: str
    worldName: str
    grantUniveralAccess: bool


class PageCreateIsolatedWorldResult(TypedDict):
    executionContextId: int


class PageAddScriptToEvaluateOnNewDocumentParams(TypedDict, total=False):
    source: str
    worldName: str
    runImmediately: bool


class PageAddScriptToEvaluateOnNewDocumentResult(TypedDict):
    identifier: str


class PageSetLifecycleEventsEnabledParams(TypedDict):
    enabled: bool


class PageGetFrameTreeResult(TypedDict):
    frameTree: FrameTree


class PageHandleJavaScriptDialogParams(TypedDict, total=False):
    accept: bool
    promptText: str


class PageGetLayoutMetricsResult(TypedDict, total=False):
    cssVisualViewport: VisualViewport
    visualViewport: VisualViewport


class PageCaptureScreenshotParams(TypedDict, total=False):
    format: Literal["png", "jpeg", "webp"]
    clip: Viewport
    captureBeyondViewport: bool


class PageCaptureScreenshotResult(TypedDict):
    data: str


class PageFrameAttached(TypedDict, total=False):
    frameId: str
    parentFrameId: str


class PageFrameNavigated(TypedDict, total=False):
    frame: FrameInfo
    type: str


class PageNavigatedWithinDocument(TypedDict, total=False):
    frameId: str
    url: str


class PageFrameDetached(TypedDict, total=False):
    frameId: str
    reason: str


class PageLifecycleEvent(TypedDict, total=False):
    frameId: str
    loaderId: str
    name: str


class PageFrameRequestedNavigation(TypedDict, total=False):
    frameId: str
    url: str


class PageJavascriptDialogOpening(TypedDict, total=False):
    url: str
    frameId: str
    message: str
    type: str
    defaultPrompt: str


class PageDownloadWillBegin(TypedDict, total=False):
    frameId: str
    guid: str
    url: str
    suggestedFilename: str


class Page:
    """The ``Page`` domain."""

    enable = Command0[Empty]("Page.enable")
    navigate = Command[PageNavigateParams, PageNavigateResult]("Page.navigate")
    reload = Command0[Empty]("Page.reload")
    stopLoading = Command0[Empty]("Page.stopLoading")
    getNavigationHistory = Command0[PageGetNavigationHistoryResult]("Page.getNavigationHistory")
    navigateToHistoryEntry = Command[PageNavigateToHistoryEntryParams, Empty]("Page.navigateToHistoryEntry")
    createIsolatedWorld = Command[PageCreateIsolatedWorldParams, PageCreateIsolatedWorldResult](
        "Page.createIsolatedWorld"
    )
    addScriptToEvaluateOnNewDocument = Command[
        PageAddScriptToEvaluateOnNewDocumentParams, PageAddScriptToEvaluateOnNewDocumentResult
    ]("Page.addScriptToEvaluateOnNewDocument")
    setLifecycleEventsEnabled = Command[PageSetLifecycleEventsEnabledParams, Empty]("Page.setLifecycleEventsEnabled")
    getFrameTree = Command0[PageGetFrameTreeResult]("Page.getFrameTree")
    handleJavaScriptDialog = Command[PageHandleJavaScriptDialogParams, Empty]("Page.handleJavaScriptDialog")
    bringToFront = Command0[Empty]("Page.bringToFront")
    getLayoutMetrics = Command0[PageGetLayoutMetricsResult]("Page.getLayoutMetrics")
    captureScreenshot = Command[PageCaptureScreenshotParams, PageCaptureScreenshotResult]("Page.captureScreenshot")

    frameAttached = Event[PageFrameAttached]("Page.frameAttached")
    frameNavigated = Event[PageFrameNavigated]("Page.frameNavigated")
    navigatedWithinDocument = Event[PageNavigatedWithinDocument]("Page.navigatedWithinDocument")
    frameDetached = Event[PageFrameDetached]("Page.frameDetached")
    lifecycleEvent = Event[PageLifecycleEvent]("Page.lifecycleEvent")
    loadEventFired = Event[Empty]("Page.loadEventFired")
    frameRequestedNavigation = Event[PageFrameRequestedNavigation]("Page.frameRequestedNavigation")
    frameStartedNavigating = Event[PageFrameRequestedNavigation]("Page.frameStartedNavigating")
    javascriptDialogOpening = Event[PageJavascriptDialogOpening]("Page.javascriptDialogOpening")
    javascriptDialogClosed = Event[Empty]("Page.javascriptDialogClosed")
    downloadWillBegin = Event[PageDownloadWillBegin]("Page.downloadWillBegin")
    downloadProgress = Event[BrowserDownloadProgress]("Page.downloadProgress")


# -- Runtime -----------------------------------------------------------------------------------


class RuntimeEvaluateParams(TypedDict, total=False):
    expression: str
    contextId: int
    returnByValue: bool
    awaitPromise: bool
    objectGroup: str


class RuntimeCallFunctionOnParams(TypedDict, total=False):
    functionDeclaration: str
    objectId: str
    executionContextId: int
    arguments: list[CallArgument]
    returnByValue: bool
    awaitPromise: bool
    objectGroup: str


class RuntimeGetPropertiesParams(TypedDict, total=False):
    objectId: str
    ownProperties: bool


class PropertyDescriptor(TypedDict, total=False):
    name: str
    value: RemoteObject


class RuntimeGetPropertiesResult(TypedDict):
    result: list[PropertyDescriptor]


class RuntimeReleaseObjectParams(TypedDict):
    objectId: str


class RuntimeReleaseObjectGroupParams(TypedDict):
    objectGroup: str


class RuntimeExecutionContextCreated(TypedDict):
    context: ExecutionContextDescription


class RuntimeExecutionContextDestroyed(TypedDict, total=False):
    executionContextId: int


class Runtime:
    """The ``Runtime`` domain."""

    enable = Command0[Empty]("Runtime.enable")
    evaluate = Command[RuntimeEvaluateParams, EvaluateResult]("Runtime.evaluate")
    callFunctionOn = Command[RuntimeCallFunctionOnParams, EvaluateResult]("Runtime.callFunctionOn")
    getProperties = Command[RuntimeGetPropertiesParams, RuntimeGetPropertiesResult]("Runtime.getProperties")
    releaseObject = Command[RuntimeReleaseObjectParams, Empty]("Runtime.releaseObject")
    releaseObjectGroup = Command[RuntimeReleaseObjectGroupParams, Empty]("Runtime.releaseObjectGroup")
    runIfWaitingForDebugger = Command0[Empty]("Runtime.runIfWaitingForDebugger")
    terminateExecution = Command0[Empty]("Runtime.terminateExecution")

    executionContextCreated = Event[RuntimeExecutionContextCreated]("Runtime.executionContextCreated")
    executionContextDestroyed = Event[RuntimeExecutionContextDestroyed]("Runtime.executionContextDestroyed")
    executionContextsCleared = Event[Empty]("Runtime.executionContextsCleared")


# -- Security ----------------------------------------------------------------------------------


class SecuritySetIgnoreCertificateErrorsParams(TypedDict):
    ignore: bool


class Security:
    """The ``Security`` domain."""

    setIgnoreCertificateErrors = Command[SecuritySetIgnoreCertificateErrorsParams, Empty](
        "Security.setIgnoreCertificateErrors"
    )


# -- Storage -----------------------------------------------------------------------------------


class StorageSetCookiesParams(TypedDict, total=False):
    cookies: list[CookieParam]
    browserContextId: str


class StorageGetCookiesParams(TypedDict, total=False):
    browserContextId: str


class StorageGetCookiesResult(TypedDict):
    cookies: list[Cookie]


class Storage:
    """The ``Storage`` domain."""

    setCookies = Command[StorageSetCookiesParams, Empty]("Storage.setCookies")
    getCookies = Command[StorageGetCookiesParams, StorageGetCookiesResult]("Storage.getCookies")


# -- Target ------------------------------------------------------------------------------------


class TargetCreateBrowserContextParams(TypedDict, total=False):
    disposeOnDetach: bool
    proxyServer: str
    proxyBypassList: str


class TargetCreateBrowserContextResult(TypedDict):
    browserContextId: str


class TargetDisposeBrowserContextParams(TypedDict):
    browserContextId: str


class TargetCreateTargetParams(TypedDict, total=False):
    url: str
    width: int
    height: int
    browserContextId: str
    newWindow: bool
    background: bool


class TargetCreateTargetResult(TypedDict):
    targetId: str


class TargetAttachToTargetParams(TypedDict, total=False):
    targetId: str
    flatten: bool


class TargetAttachToTargetResult(TypedDict):
    sessionId: str


class TargetDetachFromTargetParams(TypedDict, total=False):
    sessionId: str


class TargetCloseTargetParams(TypedDict):
    targetId: str


class TargetGetBrowserContextsResult(TypedDict):
    browserContextIds: list[str]
    defaultBrowserContextId: NotRequired[str]


class TargetGetTargetInfoParams(TypedDict, total=False):
    targetId: str


class TargetGetTargetInfoResult(TypedDict):
    targetInfo: TargetInfo


class TargetSetAutoAttachParams(TypedDict, total=False):
    autoAttach: bool
    waitForDebuggerOnStart: bool
    flatten: bool
    filter: list[TargetFilterEntry]


class TargetSetDiscoverTargetsParams(TypedDict, total=False):
    discover: bool
    filter: list[TargetFilterEntry]


class TargetAttachedToTarget(TypedDict, total=False):
    sessionId: str
    targetInfo: TargetInfo
    waitingForDebugger: bool


class TargetDetachedFromTarget(TypedDict, total=False):
    sessionId: str
    targetId: str


class TargetTargetCreated(TypedDict, total=False):
    targetInfo: TargetInfo


class TargetTargetDestroyed(TypedDict, total=False):
    targetId: str


class Target:
    """The ``Target`` domain."""

    createBrowserContext = Command[TargetCreateBrowserContextParams, TargetCreateBrowserContextResult](
        "Target.createBrowserContext"
    )
    disposeBrowserContext = Command[TargetDisposeBrowserContextParams, Empty]("Target.disposeBrowserContext")
    createTarget = Command[TargetCreateTargetParams, TargetCreateTargetResult]("Target.createTarget")
    attachToTarget = Command[TargetAttachToTargetParams, TargetAttachToTargetResult]("Target.attachToTarget")
    detachFromTarget = Command[TargetDetachFromTargetParams, Empty]("Target.detachFromTarget")
    closeTarget = Command[TargetCloseTargetParams, Empty]("Target.closeTarget")
    getBrowserContexts = Command0[TargetGetBrowserContextsResult]("Target.getBrowserContexts")
    getTargetInfo = Command[TargetGetTargetInfoParams, TargetGetTargetInfoResult]("Target.getTargetInfo")
    setAutoAttach = Command[TargetSetAutoAttachParams, Empty]("Target.setAutoAttach")
    setDiscoverTargets = Command[TargetSetDiscoverTargetsParams, Empty]("Target.setDiscoverTargets")

    attachedToTarget = Event[TargetAttachedToTarget]("Target.attachedToTarget")
    detachedFromTarget = Event[TargetDetachedFromTarget]("Target.detachedFromTarget")
    targetCreated = Event[TargetTargetCreated]("Target.targetCreated")
    targetDestroyed = Event[TargetTargetDestroyed]("Target.targetDestroyed")
    targetInfoChanged = Event[TargetTargetCreated]("Target.targetInfoChanged")


def untyped(method: str) -> Command[dict[str, Any], dict[str, Any]]:
    """A command this table does not declare, by its wire name, untyped.

    verdex itself sends none (tests check that); tests use it for commands only they need
    (``Page.crash``, ``Target.getTargets``, ``Accessibility.getFullAXTree`` ...).
    """
    return Command[dict[str, Any], dict[str, Any]](method)
